"""Sankt Petersburg cards as kit card faces and chips, and every label in English and Japanese."""

from __future__ import annotations

from PIL import Image

from games.stpetersburg.data import CARDS, Card
from render.cache import layer_cache
from render.kit import (
    CHIP_H,
    CHIP_TEXT,
    CREAM,
    INK_SOFT,
    OLD_RED,
    PALETTE,
    WHITE,
    Painter,
    chip,
    rounded_mask,
)

# The board is laid out for a phone: no line smaller than 20 px on an 800 px wide image, so
# that a screen 400 px wide shows it at 10 px or more.
SMALL = 20
# Chips (cards in a play area) are the kit's chips drawn larger, so their names read at SMALL.
CHIP_ZOOM = SMALL / CHIP_TEXT
ZOOMED_CHIP_H = CHIP_H * CHIP_ZOOM
# A market or hand card on the phone layout: the card's colour, its cost, symbol, name, small
# print and income, at a size readable without zooming (the kit's full card face is too fine).
MINI_W = 178
MINI_TOP = 46  # cost, income, points and symbol
MINI_OLD = 36  # the −1 mark of a card left from the last round, under the name
MINI_NAME = 22

LABELS: dict[str, dict[str, str]] = {
    "title": {"en": "Sankt Petersburg", "ja": "サンクトペテルブルグ"},
    "round": {"en": "Round {n}", "ja": "第{n}ラウンド"},
    "last_round": {"en": "Last round", "ja": "最終ラウンド"},
    "private": {"en": "{name}'s private view", "ja": "{name}さん専用の画面"},
    "turn": {"en": "Turn: {name}", "ja": "手番: {name}"},
    "passes": {"en": "Passes in a row: {n} of {of}", "ja": "連続パス: {n} / {of}"},
    "game_over": {"en": "Game over", "ja": "ゲーム終了"},
    "after_rounds": {"en": "after {n} rounds", "ja": "全{n}ラウンド"},
    "cards_left": {"en": "Cards left", "ja": "山札の残り"},
    "discard": {"en": "Discard", "ja": "捨て札"},
    "market": {"en": "Market", "ja": "カード売り場"},
    "old_note": {
        "en": "−1 = left from last round: 1 ₽ cheaper, discarded at round end",
        "ja": "−1 = 前ラウンドの売れ残り（1₽引き、ラウンド終了時に破棄）",
    },
    "empty": {"en": "empty", "ja": "空き"},
    "your_hand": {"en": "Your hand", "ja": "あなたの手札"},
    "your_money": {"en": "Your money", "ja": "所持金"},
    "no_hand": {"en": "No cards in hand", "ja": "手札はありません"},
    "price_note": {
        "en": "Green price: you can afford it now. Grey: not enough money.",
        "ja": "緑の価格は今払える額、灰色は所持金不足です。",
    },
    "next_scoring": {"en": "Next scoring", "ja": "次の清算"},
    "starts": {"en": "Starts", "ja": "開始"},
    "no_cards": {"en": "No cards yet", "ja": "まだカードがありません"},
    "face_down": {"en": "used", "ja": "使用済"},
    "to_act": {"en": "Turn", "ja": "手番"},
    "no_target": {"en": "No target", "ja": "交換先なし"},
    "observatory": {
        "en": "{name} used an Observatory and drew:",
        "ja": "{name}さんが天文台で引いたカード:",
    },
    "pub": {
        "en": "{name} may buy points at the Pub: 2 ₽ per point, up to 5 per Pub",
        "ja": "{name}さんが酒場で得点を購入中（1点2₽、酒場1軒につき5点まで）",
    },
    "final_scores": {"en": "Final scores", "ja": "最終得点"},
    "score_attack": {"en": "Score attack", "ja": "スコアアタック"},
    "col.player": {"en": "Player", "ja": "プレイヤー"},
    "col.track": {"en": "Points", "ja": "得点"},
    "col.aristocrats": {"en": "Aristocrats", "ja": "貴族ボーナス"},
    "col.money_points": {"en": "Money", "ja": "現金点"},
    "col.hand": {"en": "Hand", "ja": "手札"},
    "col.money": {"en": "₽ left", "ja": "残金"},
    "kinds": {"en": "{n} kinds", "ja": "{n}種類"},
    "winner": {"en": "Winner: {name}", "ja": "勝者: {name}"},
    "player": {"en": "Player {n}", "ja": "プレイヤー{n}"},
}

PHASE_NAMES = {
    "workers": {"en": "Worker phase", "ja": "職人フェーズ"},
    "buildings": {"en": "Building phase", "ja": "建物フェーズ"},
    "aristocrats": {"en": "Aristocrat phase", "ja": "貴族フェーズ"},
    "trading": {"en": "Trading phase", "ja": "拡張フェーズ"},
}

ABILITIES = {
    "any_green_trading_target": {
        "en": "Any green trading card may replace it",
        "ja": "どの緑の拡張カードとも交換できる",
    },
    "potjomkin": {"en": "Counts as 6 when replaced", "ja": "交換時は6として数える"},
    "pub": {"en": "Buys points: 2 ₽ each", "ja": "1点2₽で得点を買える"},
    "warehouse": {"en": "Hand limit 4", "ja": "手札上限4枚"},
    "observatory": {"en": "Draw a stack's top card", "ja": "山札の1枚目を引ける"},
    "blue_discount": {"en": "Blue cards −1 ₽", "ja": "建物カード1₽引き"},
    "orange_discount": {"en": "Orange cards −1 ₽", "ja": "貴族カード1₽引き"},
    "mariinskij": {"en": "+1 ₽ per orange card", "ja": "貴族1枚につき+1₽"},
    "tax_man": {"en": "+1 ₽ per green card", "ja": "職人1枚につき+1₽"},
}

REPLACES = {
    "blue": {"en": "Replaces a building", "ja": "建物と交換"},
    "orange": {"en": "Replaces an aristocrat", "ja": "貴族と交換"},
}


def label(key: str, lang: str, **values: object) -> str:
    """A label in the given language, with its {placeholders} filled in."""
    texts = LABELS[key]
    return texts.get(lang, texts["en"]).format(**values)


def card_name(key: str, lang: str) -> str:
    return CARDS[key].name(lang)


def worker_symbol(card: Card) -> str | None:
    """The symbol in the top corner: a worker's trade, shared by the trading card replacing it."""
    if card.symbol is not None:
        return card.symbol
    if card.displaces is not None:
        return CARDS[card.displaces].symbol
    return None


def card_note(card: Card, lang: str) -> str:
    """The small print: what the card does, or what a trading card replaces."""
    if card.ability is not None:
        return ABILITIES[card.ability][lang]
    if card.displaces is not None:
        worker = card_name(card.displaces, lang)
        return f"{worker}と交換" if lang == "ja" else f"Replaces {worker}"
    if card.trading:
        return REPLACES[card.colour][lang]
    return ""


def mini_lines(key: str, lang: str) -> tuple[float, list[str], list[str]]:
    """The name size, name lines and note lines of a compact card (laid out at scale 1)."""
    card = CARDS[key]
    measure = Painter(1, 1, lang=lang)
    room = MINI_W - 24
    size: float = MINI_NAME
    name = measure.wrap(card.name(lang), size, room, bold=True, balance=True)
    if len(name) > 2:
        size = SMALL
        name = measure.wrap(card.name(lang), size, room, bold=True, balance=True)
    note = card_note(card, lang)
    notes = measure.wrap(note, SMALL, room, balance=True) if note else []
    return size, name, notes


def mini_height(key: str, old: bool, lang: str) -> float:
    """The height a compact card needs for its name and small print."""
    size, name, notes = mini_lines(key, lang)
    text = len(name) * size * 1.2 + len(notes) * SMALL * 1.2 + (6 if notes else 0)
    return MINI_TOP + max(text + 16, 56) + (MINI_OLD if old else 8)


# A compact card is about 60 KB at scale 1: 24 MB keeps every card of a game in both languages.
@layer_cache("card faces", 24 << 20)
def mini_card(key: str, old: bool, lang: str, scale: float, height: float) -> Image.Image:
    """A compact card of MINI_W × height: cost, symbol, −1, name, small print, income, points."""
    card = CARDS[key]
    swatch = PALETTE[card.colour]
    w = MINI_W
    p = Painter(w, height, scale=scale, lang=lang, background=swatch.dark)
    p.round_rect(0, 0, w, height, 12, swatch.strong, outline=swatch.dark, width=2)
    if card.trading:  # the cost in a square frame, as on the printed trading cards
        p.round_rect(7, 6, 43, 42, 5, WHITE, outline=(38, 34, 30), width=3)
    else:
        p.disc(25, 24, 38, WHITE, swatch.dark, 2)
    p.text(25, 24, str(card.cost), MINI_NAME, bold=True, align="centre")
    symbol = worker_symbol(card)
    symbol = symbol if symbol is not None else ("trading" if card.trading else None)
    if symbol is not None:
        p.disc(w - 25, 24, 36, WHITE)
        p.icon(symbol, w - 25, 24, 22 if symbol == "trading" else 24, swatch.dark)
    tokens = [kind for kind, shown in (("coin", card.money), ("shield", card.points)) if shown]
    if not tokens and card.ability is not None:
        tokens.append("star")
    for i, kind in enumerate(tokens):
        cx = w / 2 + (i - (len(tokens) - 1) / 2) * 40
        if kind == "coin":
            p.coin(cx, 24, 36, str(card.money), size=SMALL)
        elif kind == "shield":
            p.shield(cx, 24, 40, str(card.points), size=SMALL)
        else:
            p.disc(cx, 24, 36, WHITE)
            p.icon("star", cx, 23, 22, swatch.dark)
    bottom = height - (MINI_OLD if old else 8)
    p.round_rect(7, MINI_TOP, w - 7, bottom, 8, CREAM)
    if old:
        p.pill(w / 2, bottom + MINI_OLD / 2, "−1", SMALL, fill=OLD_RED, align="centre", pad=10)
    size, name, notes = mini_lines(key, lang)
    name_step, note_step = size * 1.2, SMALL * 1.2
    block = len(name) * name_step + len(notes) * note_step + (6 if notes else 0)
    top = (MINI_TOP + bottom) / 2 - block / 2
    for i, line in enumerate(name):
        p.text(w / 2, top + (i + 0.5) * name_step, line, size, bold=True, align="centre")
    top += len(name) * name_step + 6
    for i, line in enumerate(notes):
        p.text(w / 2, top + (i + 0.5) * note_step, line, SMALL, fill=swatch.dark, align="centre")
    return p.cut_out(rounded_mask(p.px(w), p.px(height), p.px(12)))


@layer_cache("empty cards", 2 << 20)
def mini_empty(lang: str, scale: float, height: float) -> Image.Image:
    """An empty market space the size of a compact card."""
    edge = (199, 186, 163)
    p = Painter(MINI_W, height, scale=scale, lang=lang, background=edge)
    p.round_rect(0, 0, MINI_W, height, 12, (226, 216, 198), outline=edge, width=2)
    p.text(MINI_W / 2, height / 2, label("empty", lang), SMALL, fill=INK_SOFT, align="centre")
    return p.cut_out(rounded_mask(p.px(MINI_W), p.px(height), p.px(12)))


def card_chip(key: str, count: int, face_down: bool, lang: str, scale: float) -> Image.Image:
    """A card in a play area: its name and how many, in the card's colour; greyed if face down."""
    card = CARDS[key]
    name = card.name(lang)
    if face_down:
        name = f"{name} ({label('face_down', lang)})"
    return chip(
        card.colour,
        name,
        count,
        framed=card.trading,
        muted=face_down,
        lang=lang,
        scale=scale * CHIP_ZOOM,
    )
