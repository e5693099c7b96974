"""Sankt Petersburg card faces, chips and labels in English and Japanese, cached as RGBA tiles."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from games.stpetersburg.data import CARDS, Card
from render.kit import (
    CREAM,
    FACE_DOWN,
    INK,
    INK_SOFT,
    OLD_RED,
    PALETTE,
    WHITE,
    Painter,
)

TILE_W, TILE_H = 156, 224
CHIP_H = 30
CHIP_TEXT = 15

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
    "col.total": {"en": "Total", "ja": "合計"},
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


@lru_cache(maxsize=1024)
def card_tile(key: str, old: bool, lang: str, scale: float) -> Image.Image:
    """A market card: cost top left (framed for trading cards), name, note, income and points."""
    card = CARDS[key]
    swatch = PALETTE[card.colour]
    p = Painter(TILE_W, TILE_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    p.round_rect(0, 0, TILE_W, TILE_H, 12, swatch.strong, outline=swatch.dark, width=2)
    if card.trading:
        # Trading cards have their cost in a square frame, as on the printed cards.
        p.round_rect(8, 8, 50, 50, 5, WHITE, outline=INK, width=3)
    else:
        p.disc(29, 29, 42, WHITE, swatch.dark, 2)
    p.text(29, 29, str(card.cost), 21, bold=True, align="centre")
    symbol = worker_symbol(card)
    if symbol is not None:
        p.disc(TILE_W - 29, 29, 40, WHITE)
        p.icon(symbol, TILE_W - 29, 29, 26, swatch.dark)
    elif card.trading:
        p.disc(TILE_W - 29, 29, 40, WHITE)
        p.icon("trading", TILE_W - 29, 29, 24, swatch.dark)
    if old:
        p.pill(TILE_W / 2, 29, "−1", 18, fill=OLD_RED, align="centre", pad=8)

    p.round_rect(8, 54, TILE_W - 8, 171, 8, CREAM)
    note = card_note(card, lang)
    note_size = 14.0
    name_size, name_lines = 18.0, p.wrap(card.name(lang), 18, TILE_W - 24, bold=True, balance=True)
    smaller = p.wrap(card.name(lang), 16, TILE_W - 24, bold=True, balance=True)
    if len(smaller) < len(name_lines):
        name_size, name_lines = 16.0, smaller
    note_lines = p.wrap(note, note_size, TILE_W - 24, balance=True) if note else []
    if len(name_lines) + len(note_lines) > 4:
        note_lines = note_lines[:2]
        name_lines = name_lines[:3]
    name_step, note_step = name_size * 1.2, note_size * 1.2
    block = len(name_lines) * name_step + len(note_lines) * note_step + (6 if note_lines else 0)
    top = 112.5 - block / 2
    for i, line in enumerate(name_lines):
        p.text(TILE_W / 2, top + (i + 0.5) * name_step, line, name_size, bold=True, align="centre")
    top += len(name_lines) * name_step + 6
    for i, line in enumerate(note_lines):
        y = top + (i + 0.5) * note_step
        p.text(TILE_W / 2, y, line, note_size, fill=swatch.dark, align="centre")

    tokens: list[tuple[str, int]] = []
    if card.money:
        tokens.append(("coin", card.money))
    if card.points:
        tokens.append(("shield", card.points))
    if not tokens and card.ability is not None:
        tokens.append(("star", 0))
    for i, (kind, value) in enumerate(tokens):
        cx = TILE_W / 2 + (i - (len(tokens) - 1) / 2) * 52
        if kind == "coin":
            p.coin(cx, 197, 40, str(value), size=19)
        elif kind == "shield":
            p.shield(cx, 197, 44, str(value), size=19)
        else:
            p.disc(cx, 197, 40, WHITE)
            p.icon("star", cx, 196, 26, swatch.dark)
    return p.image


def empty_slot(lang: str, scale: float) -> Image.Image:
    return _empty_slot(lang, scale)


@lru_cache(maxsize=16)
def _empty_slot(lang: str, scale: float) -> Image.Image:
    p = Painter(TILE_W, TILE_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    edge = (199, 186, 163)
    p.round_rect(0, 0, TILE_W, TILE_H, 12, (226, 216, 198), outline=edge, width=2)
    p.text(TILE_W / 2, TILE_H / 2, label("empty", lang), 16, fill=INK_SOFT, align="centre")
    return p.image


def chip_width(key: str, count: int, face_down: bool, lang: str, scale: float) -> float:
    """Width in layout units of a play-area chip (see card_chip)."""
    return card_chip(key, count, face_down, lang, scale).width / scale


@lru_cache(maxsize=2048)
def card_chip(key: str, count: int, face_down: bool, lang: str, scale: float) -> Image.Image:
    """A card in a play area: its name and how many, in the card's colour; greyed if face down."""
    card = CARDS[key]
    swatch = PALETTE[card.colour]
    measure = Painter(1, 1, scale=scale, lang=lang)
    name = card.name(lang)
    if face_down:
        name = f"{name} ({label('face_down', lang)})"
    counter = f"×{count}" if count > 1 else ""
    icon = 20 if card.trading else 0
    width = 12 + icon + measure.measure(name, CHIP_TEXT) + 12
    if counter:
        width += measure.measure(counter, CHIP_TEXT, bold=True) + 6
    p = Painter(width, CHIP_H, scale=scale, lang=lang, background=(0, 0, 0, 0), mode="RGBA")
    fill, edge, ink = (
        (FACE_DOWN, (150, 146, 140), INK_SOFT)
        if face_down
        else (
            swatch.tint,
            swatch.strong,
            INK,
        )
    )
    p.round_rect(0, 0, width, CHIP_H, 7, fill, outline=edge, width=1.5)
    x = 12.0
    if icon:
        p.icon("trading", x + 7, CHIP_H / 2, 15, swatch.dark)
        x += icon
    x += p.text(x, CHIP_H / 2, name, CHIP_TEXT, fill=ink)
    if counter:
        p.text(x + 6, CHIP_H / 2, counter, CHIP_TEXT, fill=swatch.dark, bold=True)
    return p.image
