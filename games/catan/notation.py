"""Catan card game notation: canonical text of every move in English and Japanese, and back.

Seats are named as they are (case kept); everything else is case-insensitive.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from games.base import InvalidMove, normalise
from games.catan.data import RESOURCES, Resource
from games.catan.models import (
    Build,
    Counts,
    Discard,
    Draw,
    EndExchange,
    Guild,
    Look,
    MarketSwap,
    Move,
    Pick,
    PileSwap,
    Return,
    Trade,
)

RESOURCE_NAMES: dict[str, dict[str, str]] = {
    "en": {"clay": "clay", "wood": "wood", "ore": "ore", "wool": "wool", "grain": "grain"},
    "ja": {"clay": "粘土", "wood": "木材", "ore": "鉱石", "wool": "羊毛", "grain": "穀物"},
}
RESOURCE_SYNONYMS = {"brick": "clay", "lumber": "wood", "レンガ": "clay", "木": "wood"}
# Expansion names as printed (German) -> English gloss and Japanese (digest §2.5).
EXPANSION_NAMES: dict[str, dict[str, str]] = {
    "Bibliothek": {"en": "library", "ja": "図書館"},
    "Händlergilde": {"en": "merchant guild", "ja": "商人ギルド"},
    "Kirche": {"en": "church", "ja": "教会"},
    "Rathaus": {"en": "town hall", "ja": "市庁舎"},
    "Universität": {"en": "university", "ja": "大学"},
    "Stadtburg": {"en": "city fortress", "ja": "城塞都市"},
}
BUILD_NAMES: dict[str, dict[str, str]] = {
    "road": {"en": "road", "ja": "道"},
    "knight": {"en": "knight", "ja": "騎士"},
    "settlement": {"en": "settlement", "ja": "集落"},
    "city": {"en": "city", "ja": "都市"},
    **EXPANSION_NAMES,
}
KEYWORDS: dict[str, dict[str, str]] = {
    "en": {
        "pile": "pile",
        "market": "market",
        "trade": "trade",
        "look": "look",
        "pick": "pick",
        "return": "return",
        "guild": "guild",
        "end": "end",
        "build": "build",
        "discard": "discard",
        "draw": "draw",
    },
    "ja": {
        "pile": "山札",
        "market": "市場",
        "trade": "交換",
        "look": "閲覧",
        "pick": "選ぶ",
        "return": "返す",
        "guild": "ギルド",
        "end": "交換終了",
        "build": "建設",
        "discard": "捨てる",
        "draw": "引く",
    },
}
OPTIONAL_WORDS = frozenset({"build", "建設"})

_KEYWORDS = {normalise(w): k for lang in KEYWORDS.values() for k, w in lang.items()}
_RESOURCES = {normalise(k): v for k, v in RESOURCE_SYNONYMS.items()}
for _names in RESOURCE_NAMES.values():
    _RESOURCES.update({normalise(name): r for r, name in _names.items()})
_BUILDS: dict[str, str] = {}
for _key, _texts in BUILD_NAMES.items():
    _BUILDS[normalise(_key)] = _key
    _BUILDS.update({normalise(t): _key for t in _texts.values()})


def lang_of(lang: str) -> str:
    return "ja" if lang == "ja" else "en"


def resource_name(resource: str, lang: str = "en") -> str:
    return RESOURCE_NAMES[lang_of(lang)][resource]


def build_name(what: str, lang: str = "en") -> str:
    return BUILD_NAMES[what][lang_of(lang)]


def payment_words(pay: Counts, lang: str = "en") -> list[str]:
    return [resource_name(RESOURCES[i], lang) for i in range(5) for _ in range(pay[i])]


def format_move(move: Move, lang: str = "en") -> str:
    return _format(move, lang_of(lang))


@lru_cache(maxsize=65536)
def _format(move: Move, lang: str) -> str:
    word = KEYWORDS[lang][move.kind]
    if isinstance(move, PileSwap):
        return f"{word} {resource_name(move.give, lang)}"
    if isinstance(move, MarketSwap):
        return f"{word} {resource_name(move.give, lang)} > {resource_name(move.take, lang)}"
    if isinstance(move, Trade | Look | Guild):
        return f"{word} {move.target}"
    if isinstance(move, Pick | Discard):
        return f"{word} {resource_name(move.card, lang)}"
    if isinstance(move, Return):
        return f"{word} {resource_name(move.card, lang)} > {move.target}"
    if isinstance(move, Build):
        return " ".join([word, build_name(move.what, lang), *payment_words(move.pay, lang)])
    if isinstance(move, Draw):
        return f"{word} {move.count}"
    return word


def _bad(text: str) -> InvalidMove:
    return InvalidMove(
        f"Cannot read {text.strip()!r}. Moves look like `pile ore`, `market ore > wool`, "
        "`trade Ann`, `return ore > Ann`, `end`, `build road wood clay`, `draw 3`.",
        f"「{text.strip()}」は読めません。例: `山札 鉱石`、`市場 鉱石 > 羊毛`、`交換 Ann`、"
        "`返す 鉱石 > Ann`、`交換終了`、`建設 道 木材 粘土`、`引く 3`。",
    )


def _resource(word: str, text: str) -> Resource:
    found = _RESOURCES.get(normalise(word))
    if found is None:
        raise InvalidMove(
            f"Unknown resource {word!r} in {text.strip()!r}: clay, wood, ore, wool, grain.",
            f"「{word}」という資源はありません: 粘土、木材、鉱石、羊毛、穀物。",
        )
    return found  # type: ignore[return-value]


def _build(rest: str, text: str) -> Build:
    words = normalise(rest).split(" ")
    # Expansion names have up to two words: take the longest name that matches.
    for size in (2, 1):
        what = _BUILDS.get(" ".join(words[:size]))
        if what is not None and len(words) >= size:
            pay = [0, 0, 0, 0, 0]
            for word in words[size:]:
                pay[RESOURCES.index(_resource(word, text))] += 1
            if not sum(pay):
                raise InvalidMove(
                    "Name the cards you pay: `build road wood clay`.",
                    "支払うカードを書いてください: `建設 道 木材 粘土`。",
                )
            return Build(what=what, pay=(pay[0], pay[1], pay[2], pay[3], pay[4]))
    raise InvalidMove(
        f"Unknown building in {text.strip()!r}: road, knight, settlement, city or an expansion.",
        f"「{text.strip()}」の建物が分かりません: 道、騎士、集落、都市、都市開発。",
    )


def parse_move(text: str) -> Move:
    """Canonical notation (English or Japanese, any case) -> move; InvalidMove otherwise."""
    raw = " ".join(unicodedata.normalize("NFKC", text).split())
    if not raw:
        raise InvalidMove("Type a move.", "手を入力してください。")
    head, _, rest = raw.partition(" ")
    kind = _KEYWORDS.get(normalise(head))
    if kind is None:
        try:
            return _build(raw, text)  # the optional "build" left out
        except InvalidMove:
            raise _bad(text) from None
    rest = rest.strip()
    if kind == "end" and not rest:
        return EndExchange()
    if kind in ("trade", "look", "guild") and rest and ">" not in rest:
        if kind == "trade":
            return Trade(target=rest)
        return Look(target=rest) if kind == "look" else Guild(target=rest)
    if kind in ("pile", "pick", "discard") and rest and " " not in rest:
        card = _resource(rest, text)
        if kind == "pile":
            return PileSwap(give=card)
        return Pick(card=card) if kind == "pick" else Discard(card=card)
    if kind in ("market", "return") and ">" in rest:
        first, _, second = (part.strip() for part in rest.partition(">"))
        if kind == "market":
            return MarketSwap(give=_resource(first, text), take=_resource(second, text))
        if second:
            return Return(card=_resource(first, text), target=second)
    if kind == "draw" and rest.isdigit():
        return Draw(count=int(rest))
    if kind == "build" and rest:
        return _build(rest, text)
    raise _bad(text)
