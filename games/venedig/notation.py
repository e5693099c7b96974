"""Venedig move notation in English and Japanese: canonical text <-> move."""

from __future__ import annotations

import re

from pydantic import ValidationError

from games.base import InvalidMove, normalise
from games.venedig.data import TYPES
from games.venedig.models import (
    Build,
    Casa,
    Convert,
    Done,
    Drain,
    Draw,
    Keep,
    Move,
    Place,
    Play,
    Resolve,
    Solo,
    Swap,
)

TYPE_NAMES = {
    "en": {
        "casa": "Casa",
        "palazzo": "Palazzo",
        "campo": "Campo",
        "basilika": "Basilika",
        "ponte": "Ponte",
    },
    "ja": {"casa": "家", "palazzo": "宮殿", "campo": "広場", "basilika": "教会", "ponte": "橋"},
}
_TYPE_ALIASES = {
    "house": "casa",
    "palace": "palazzo",
    "square": "campo",
    "church": "basilika",
    "basilica": "basilika",
    "bridge": "ponte",
}
VERBS = {
    "play": ("play", "出す"),
    "solo": ("solo", "単独"),
    "casa": ("casa", "家"),
    "build": ("build", "建設"),
    "resolve": ("resolve", "解決"),
    "convert": ("convert", "換金"),
    "done": ("done", "完了"),
    "keep": ("keep", "残す"),
    "drain": ("drain", "干拓"),
    "draw": ("draw", "引く"),
    "swap": ("swap", "交換"),
    "place": ("place", "配置"),
}
WORDS = {"none": ("none", "なし"), "deck": ("deck", "山札"), "take": ("take", "取る")}
OPTIONAL_WORDS = frozenset({"take", "取る"})


def type_name(kind: str | int, lang: str = "en") -> str:
    key = TYPES[kind] if isinstance(kind, int) else kind
    return TYPE_NAMES["ja" if lang == "ja" else "en"][key]


def _word(key: str, lang: str) -> str:
    return WORDS[key][1 if lang == "ja" else 0]


def _type(kind: str, lang: str) -> str:
    return type_name(kind, lang) if lang == "ja" else kind


def _at(at: str | None, lang: str) -> str:
    return _word("none", lang) if at is None else at


def format_move(move: Move, lang: str = "en") -> str:
    verb = VERBS[move.kind][1 if lang == "ja" else 0]
    parts: list[str] = [verb]
    if isinstance(move, Play):
        parts += [_type(move.type, lang), str(move.count)]
    elif isinstance(move, Solo | Build):
        parts += [_type(move.type, lang), _at(move.at, lang)]
        if move.district:
            parts.append(move.district)
    elif isinstance(move, Casa):
        parts.append(_at(move.at, lang))
    elif isinstance(move, Resolve):
        parts.append(_type(move.type, lang))
    elif isinstance(move, Convert):
        parts.append("+".join(str(v) for v in move.values))
    elif isinstance(move, Keep):
        parts += [_type(t, lang) for t in move.types]
    elif isinstance(move, Drain | Place):
        parts.append(move.at)
    elif isinstance(move, Draw):
        parts.append(_word("deck", lang) if move.source == "deck" else _type(move.source, lang))
    elif isinstance(move, Swap):
        parts += [_type(move.type, lang), _word("take", lang)]
        parts += [_word("deck", lang) if s == "deck" else _type(s, lang) for s in move.take]
    return " ".join(parts)


def _index(table: dict[str, tuple[str, str]]) -> dict[str, str]:
    return {normalise(name): key for key, names in table.items() for name in names}


_VERB = _index(VERBS)
_WORD = _index(WORDS)
_TYPE = {
    **{normalise(n): k for lang in TYPE_NAMES.values() for k, n in lang.items()},
    **_TYPE_ALIASES,
}
_LOCATION = re.compile(r"^[a-z]{1,3}[0-9]{1,3}(-[a-z]{1,3}[0-9]{1,3}){0,2}$")


def _bad(text: str) -> InvalidMove:
    return InvalidMove(
        f"{text.strip()!r} is not a Venedig move (e.g. `play palazzo 2`, `casa A7`, `done`).",
        f"「{text.strip()}」はヴェネチアの手ではありません（例: `出す 宮殿 2`、`家 A7`、`完了`）。",
    )


def _keep_two() -> InvalidMove:
    return InvalidMove(
        "Keep exactly two types (e.g. `keep palazzo campo`).",
        "ちょうど2種類を残してください（例: `残す 宮殿 広場`）。",
    )


def parse_move(text: str) -> Move:
    words = normalise(text).split(" ")
    verb = _VERB.get(words[0]) if words and words[0] else None
    if verb is None:
        raise _bad(text)
    rest = [w for w in words[1:] if _WORD.get(w) != "take"]
    if verb == "keep" and len(set(rest)) != 2:
        raise _keep_two()
    try:
        move = _parse(verb, rest)
    except (ValueError, IndexError, ValidationError):
        raise _bad(text) from None
    if move is None:
        raise _bad(text)
    return move


def _kind(word: str) -> str:
    kind = _TYPE.get(word)
    if kind is None:
        raise ValueError(word)
    return kind


def _location(word: str) -> str | None:
    if _WORD.get(word) == "none":
        return None
    if not _LOCATION.match(word):
        raise ValueError(word)
    # The spaces of a building in any order name the same place: the map's order is by row
    # letter, then number (D7-D8), as the locations are listed.
    parts = word.upper().split("-")
    return "-".join(
        sorted(
            parts,
            key=lambda p: (p.rstrip("0123456789"), int(p.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))),
        )
    )


def _parse(verb: str, rest: list[str]) -> Move | None:
    if verb == "done" and not rest:
        return Done()
    if verb == "play" and len(rest) == 2:
        return Play(type=_kind(rest[0]), count=int(rest[1]))
    if verb in ("solo", "build") and len(rest) in (2, 3):
        kind = _kind(rest[0])
        at = _location(rest[1])
        district = rest[2].upper() if len(rest) == 3 else None
        if (kind == "ponte") != (district is not None) and at is not None:
            return None
        model = Solo if verb == "solo" else Build
        return model(type=kind, at=at, district=district)
    if verb == "casa" and len(rest) == 1:
        return Casa(at=_location(rest[0]))
    if verb == "resolve" and len(rest) == 1:
        return Resolve(type=_kind(rest[0]))
    if verb == "convert" and len(rest) == 1:
        values = tuple(sorted(int(v) for v in rest[0].split("+")))
        if not values or any(not 0 <= v <= 9 for v in values):
            return None
        return Convert(values=values)
    if verb == "keep" and len(rest) == 2:
        kinds = sorted({_kind(w) for w in rest}, key=TYPES.index)
        return Keep(types=tuple(kinds)) if len(kinds) == 2 else None
    if verb in ("drain", "place") and len(rest) == 1:
        at = _location(rest[0])
        if at is None:
            return None
        return Drain(at=at) if verb == "drain" else Place(at=at)
    if verb == "draw" and len(rest) == 1:
        source = "deck" if _WORD.get(rest[0]) == "deck" else _kind(rest[0])
        return Draw(source=source)
    if verb == "swap" and len(rest) == 4:
        sources = tuple("deck" if _WORD.get(w) == "deck" else _kind(w) for w in rest[1:])
        return Swap(type=_kind(rest[0]), take=sources)
    return None
