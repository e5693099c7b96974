"""Sankt Petersburg's glossary for /card: every kind of card with its cost, income and what it does."""

from __future__ import annotations

from functools import cache

from games.adapters import GlossaryEntry, Texts, bilingual
from games.base import counted
from games.stpetersburg.data import CARDS, Card

_STACKS: dict[str, Texts] = {
    "workers": bilingual("Worker (green)", "職人（緑）"),
    "buildings": bilingual("Building (blue)", "建物（青）"),
    "aristocrats": bilingual("Aristocrat (orange)", "貴族（橙）"),
}
_COLOURS: dict[str, Texts] = {
    "green": bilingual("green", "緑"),
    "blue": bilingual("blue", "青"),
    "orange": bilingual("orange", "橙"),
}
_SCORINGS: dict[str, Texts] = {
    "green": bilingual("worker", "職人"),
    "blue": bilingual("building", "建物"),
    "orange": bilingual("aristocrat", "貴族"),
}
# What each special ability does (rules digest §1.7-1.8), in both languages.
_ABILITIES: dict[str, Texts] = {
    "any_green_trading_target": bilingual(
        "A normal worker, but any green trading card may displace it.",
        "通常の職人ですが、どの緑の交換カードでも置き換えられます。",
    ),
    "potjomkin": bilingual(
        "Costs 2 to buy and scores nothing; a blue trading card that displaces it counts it as 6.",
        "購入費用は2で、得点も収入もありません。青の交換カードで置き換える時は6として数えます。",
    ),
    "pub": bilingual(
        "Right after each building scoring its owner may buy 0 to 5 points at 2 rubles each.",
        "建物の決算の直後に、持ち主は1点2ルーブルで0～5点を買えます。",
    ),
    "warehouse": bilingual(
        "While it is in play its owner may hold 4 cards in hand instead of 3.",
        "場にある間、持ち主の手札上限は3枚ではなく4枚になります。",
    ),
    "observatory": bilingual(
        "Once per round, as its owner's action in the building phase: reveal the top card of a "
        "stack holding at least 2, then buy it (no old-card discount), take it into hand, or "
        "discard it. It then lies face down until the next round and scores nothing this round; "
        "otherwise it scores 1 point at each building scoring.",
        "1ラウンドに1回、建物フェイズの手番の行動として、2枚以上ある山札の一番上を公開し、購入"
        "（古いカードの割引なし）・手札に取る・捨てるのいずれかをします。使うと次のラウンドまで裏向き"
        "になり、そのラウンドの得点はありません。それ以外は建物の決算ごとに1点。",
    ),
    "blue_discount": bilingual(
        "Every blue card its owner puts into play costs 1 ruble less.",
        "持ち主が場に出す青のカードはすべて1ルーブル安くなります。",
    ),
    "orange_discount": bilingual(
        "Every orange card its owner puts into play costs 1 ruble less.",
        "持ち主が場に出す橙のカードはすべて1ルーブル安くなります。",
    ),
    "mariinskij": bilingual(
        "At each building scoring: 1 ruble for each orange card in its owner's play area.",
        "建物の決算ごとに、持ち主の場にある橙のカード1枚につき1ルーブル。",
    ),
    "tax_man": bilingual(
        "At each aristocrat scoring: 1 ruble for each green card in its owner's play area.",
        "貴族の決算ごとに、持ち主の場にある緑のカード1枚につき1ルーブル。",
    ),
}


def _kind(card: Card) -> Texts:
    if card.stack != "trading":
        return _STACKS[card.stack]
    colour = _COLOURS[card.colour]
    return {"en": f"Trading card ({colour['en']})", "ja": f"交換カード（{colour['ja']}）"}


def _scores(card: Card) -> Texts:
    scoring = _SCORINGS[card.colour]
    return {
        "en": f"At each {scoring['en']} scoring: {counted(card.money, 'ruble')} and {counted(card.points, 'point')}.",
        "ja": f"{scoring['ja']}の決算ごとに{card.money}ルーブルと{card.points}点。",
    }


def _text(card: Card) -> Texts:
    parts = []
    if card.displaces is not None:
        target = CARDS[card.displaces]
        parts.append(
            {
                "en": f"Replaces a {target.en} (or, where allowed, another card) in its owner's "
                "play area; pays the difference in cost.",
                "ja": f"持ち主の場の{target.ja}（など置き換えられるカード）と入れ替え、"
                "費用の差額を払います。",
            }
        )
    elif card.stack == "trading":
        colour = _COLOURS[card.colour]
        parts.append(
            {
                "en": "Replaces a building in its owner's play area; pays the difference in cost.",
                "ja": "持ち主の場の建物と入れ替え、費用の差額を払います。",
            }
            if card.colour == "blue"
            else {
                "en": f"Replaces a {colour['en']} card in its owner's play area; pays the "
                "difference in cost.",
                "ja": f"持ち主の場の{colour['ja']}のカードと入れ替え、費用の差額を払います。",
            }
        )
    if card.ability is not None:
        parts.append(_ABILITIES[card.ability])
    if card.ability not in ("potjomkin", "observatory", "mariinskij", "tax_man") and (
        card.money or card.points
    ):
        parts.append(_scores(card))
    # Japanese sentences run on without spaces.
    return {"en": " ".join(p["en"] for p in parts), "ja": "".join(p["ja"] for p in parts)}


def _entry(card: Card) -> GlossaryEntry:
    names = {"en": card.en, "ja": card.ja}
    return GlossaryEntry(
        key=card.key,
        names=names,
        kind=_kind(card),
        cost={"en": counted(card.cost, "ruble"), "ja": f"{card.cost}ルーブル"},
        values={
            "en": f"income {counted(card.money, 'ruble')}, {counted(card.points, 'point')}; {card.copies} in the deck",
            "ja": f"収入{card.money}ルーブル、{card.points}点、山札に{card.copies}枚",
        },
        text=_text(card),
        # The data's notes are written in English only: shown as they are, marked in Japanese.
        note=None if card.note is None else bilingual(card.note, f"（英語の注記）{card.note}"),
        reconstructed=(
            bilingual(
                "the Japanese name is our own (no published one found)",
                "日本語名は独自の訳です（公式の訳が見つかっていません）",
            )
            if card.ja_source == "ja:proposed"
            else None
        )
        if card.numbers == "confirmed"
        else bilingual("the numbers are reconstructed", "数値は推定です"),
    )


@cache
def glossary() -> tuple[GlossaryEntry, ...]:
    """One entry per kind of card, in data order."""
    return tuple(_entry(card) for card in CARDS.values())
