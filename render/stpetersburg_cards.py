"""Sankt Petersburg cards as kit card faces and chips, and every label in English and Japanese."""

from __future__ import annotations

from PIL import Image

from games.stpetersburg.data import CARDS, Card
from render.kit import CardFace, card_face, chip, empty_card

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


def card_tile(key: str, old: bool, lang: str, scale: float) -> Image.Image:
    """A market card: cost (framed for trading cards), symbol, name, note, income and points."""
    card = CARDS[key]
    symbol = worker_symbol(card)
    face = CardFace(
        colour=card.colour,
        cost=card.cost,
        name=card.name(lang),
        note=card_note(card, lang),
        money=card.money,
        points=card.points,
        symbol=symbol if symbol is not None else ("trading" if card.trading else None),
        framed_cost=card.trading,  # as on the printed cards
        ability=card.ability is not None,
        old=old,
    )
    return card_face(face, lang, scale)


def empty_slot(lang: str, scale: float) -> Image.Image:
    return empty_card(label("empty", lang), lang, scale)


def card_chip(key: str, count: int, face_down: bool, lang: str, scale: float) -> Image.Image:
    """A card in a play area: its name and how many, in the card's colour; greyed if face down."""
    card = CARDS[key]
    name = card.name(lang)
    if face_down:
        name = f"{name} ({label('face_down', lang)})"
    return chip(
        card.colour, name, count, framed=card.trading, muted=face_down, lang=lang, scale=scale
    )
