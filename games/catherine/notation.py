"""Catherine notation: canonical text of every move in English and Japanese, and back.

Card ids (W01, C17, E34) read the same in both languages; cities are written by name and read
by name in either language or by id.
"""

from __future__ import annotations

import re

from games.base import InvalidMove, normalise
from games.catherine.data import Data
from games.catherine.models import (
    Bonus,
    Build,
    Decline,
    Discard,
    Execute,
    Keep,
    Market,
    Move,
    Pass,
    Place,
    Row,
)

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {
        "keep": "keep",
        "row": "row",
        "place": "place",
        "under": "under",
        "decline": "decline",
        "execute": "execute",
        "market": "market",
        "discard": "discard",
        "build": "build",
        "bonus": "bonus",
        "pass": "pass",
    },
    "ja": {
        "keep": "残す",
        "row": "列",
        "place": "配置",
        "under": "下",
        "decline": "見送り",
        "execute": "実行",
        "market": "市場",
        "discard": "捨てる",
        "build": "建設",
        "bonus": "ボーナス",
        "pass": "パス",
    },
}
SYNONYMS = {
    "play": "row",
    "activate": "place",
    "置く": "place",
    "アクション列": "row",
    "decline": "decline",
    "draw": "decline",
    "引く": "decline",
    "use": "execute",
    "run": "execute",
    "skip": "pass",
    "no": "pass",
    "house": "build",
    "住宅": "build",
    "捨て": "discard",
}
# Words a player may leave out: "w01" puts W01 in the row, "c05 e10" places C05 under E10,
# "moscow" builds there.
OPTIONAL_WORDS = frozenset(
    {"keep", "row", "place", "under", "build", "残す", "列", "配置", "下", "建設"}
)

_WORDS: dict[str, str] = {normalise(k): v for k, v in SYNONYMS.items()}
for _lang in KEYWORDS.values():
    for _canonical, _word in _lang.items():
        _WORDS[normalise(_word)] = _canonical
_CARD = re.compile(r"^[a-z]{1,3}[0-9]{1,3}$")


def move_text(data: Data, move: Move, lang: str = "en") -> str:
    """A move's canonical text in `lang`; city names come from `data`."""
    words = KEYWORDS["ja" if lang == "ja" else "en"]
    if isinstance(move, Keep):
        return " ".join((words["keep"], *move.cards))
    if isinstance(move, Row):
        return f"{words['row']} {move.card}"
    if isinstance(move, Place):
        return f"{words['place']} {move.act} {words['under']} {move.under}"
    if isinstance(move, Market):
        return f"{words['market']} {move.count}"
    if isinstance(move, Discard):
        return " ".join((words["discard"], *move.cards))
    if isinstance(move, Build):
        text = f"{words['build']} {data.city_name(move.city, lang)}"
        if move.cards:
            text += " " + " ".join((words["discard"], *move.cards))
        return text
    if isinstance(move, Bonus):
        return " ".join((words["bonus"], *move.cards))
    return words[move.kind]


class Notation:
    """Moves as text and back, for one data set (its city names)."""

    def __init__(self, data: Data) -> None:
        self.data = data
        self.cities: dict[str, str] = {}
        for city in data.cities:
            for name in (city.id, city.en, city.ja, city.en.replace(".", "")):
                self.cities[normalise(name)] = city.id

    def format_move(self, move: Move, lang: str = "en") -> str:
        return move_text(self.data, move, lang)

    def parse_move(self, text: str) -> Move:
        tokens = normalise(text).split(" ")
        keyword = _WORDS.get(tokens[0]) if tokens and tokens[0] else None
        if keyword is None:
            raise _not_a_move(text)
        rest = tokens[1:]
        if keyword in ("decline", "execute", "pass"):
            if rest:
                raise _not_a_move(text)
            simple: dict[str, Move] = {"decline": Decline(), "execute": Execute(), "pass": Pass()}
            return simple[keyword]
        if keyword == "market":
            if len(rest) != 1 or not rest[0].isdigit() or len(rest[0]) > 3:
                raise InvalidMove(
                    "Say how many cards the market draws: market 3.",
                    "市場で引く枚数を指定してください: 市場 3",
                )
            return Market(count=int(rest[0]))
        if keyword == "row":
            if len(rest) != 1 or not _CARD.match(rest[0]):
                raise InvalidMove(
                    "Name the card for the action row: row W01.",
                    "アクション列に置くカードを指定してください: 列 W01",
                )
            return Row(card=rest[0].upper())
        if keyword == "place":
            if len(rest) == 3 and _WORDS.get(rest[1]) == "under":
                rest = [rest[0], rest[2]]
            if len(rest) != 2 or not all(_CARD.match(t) for t in rest):
                raise InvalidMove(
                    "Write a placement as: place C05 under E10.",
                    "配置は「配置 C05 下 E10」の形で書いてください。",
                )
            act, under = (t.upper() for t in rest)
            return Place(act=act, under=under)
        if keyword == "build":
            split = next((i for i, t in enumerate(rest) if _WORDS.get(t) == "discard"), len(rest))
            name = " ".join(rest[:split])
            city = self.cities.get(name)
            if city is None:
                raise InvalidMove(
                    f"No city called {name!r}.", f"「{name}」という都市はありません。"
                )
            return Build(city=city, cards=_cards(rest[split + 1 :], text))
        cards = _cards(rest, text)
        if keyword == "keep":
            return Keep(cards=cards)
        if keyword == "discard":
            if not cards:
                raise _not_a_move(text)
            return Discard(cards=cards)
        return Bonus(cards=cards)


def _cards(tokens: list[str], text: str) -> tuple[str, ...]:
    if not all(_CARD.match(t) for t in tokens):
        raise _not_a_move(text)
    return tuple(sorted(t.upper() for t in tokens))


def _not_a_move(text: str) -> InvalidMove:
    shown = text.strip()[:40]
    return InvalidMove(
        f"{shown!r} is not a Catherine move (e.g. row W01, place C05 under E10, build Moscow, pass).",
        f"「{shown}」はキャサリンの手ではありません（例: 列 W01、配置 C05 下 E10、建設 モスクワ、パス）。",
    )
