"""The shared grammar of position texts (`Game.position_text`, `Game.from_position`).

A position is one line: a version tag (`stpetersburg/1`), then parts `name=value` separated by
`;`. A value is a list of items separated by `,` (`item*3` repeats an item); an item holding one
of `;,=*"` or brackets is written as a JSON string, and a `{...}` or `[...]` value (options) is
kept whole. Each game names its parts and items in its own `position` module; this module reads
and writes the grammar and refuses, naming the part, what no game could mean.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from games.base import InvalidPosition, Rng

T = TypeVar("T")
_RESERVED = set(';,=*"[]{}')
_CLOSE = {"[": "]", "{": "}"}


def fail(part: str, en: str, ja: str | None = None) -> InvalidPosition:
    """A refusal that names the part it is about."""
    return InvalidPosition(f"{part}: {en}", f"{part}: {ja or en}")


# ---------------------------------------------------------------- writing


def item(text: str) -> str:
    """One item as written: bare when it is plain, else a JSON string."""
    if not text or text != text.strip() or _RESERVED & set(text):
        return json.dumps(text, ensure_ascii=False)
    return text


def items(values: Iterable[str]) -> str:
    """A list value, with runs of one item written `item*n`."""
    out: list[str] = []
    previous: str | None = None
    run = 0
    for value in [*values, None]:
        if value == previous and value is not None:
            run += 1
            continue
        if previous is not None:
            out.append(item(previous) + (f"*{run}" if run > 1 else ""))
        previous, run = value, 1
    return ",".join(out)


def flag(value: bool) -> str:
    return "yes" if value else "no"


def options_value(options: BaseModel) -> str | None:
    """The options that differ from their defaults as compact JSON; None when all are default."""
    changed = options.model_dump(mode="json", exclude_defaults=True)
    return json.dumps(changed, ensure_ascii=False, separators=(",", ":")) if changed else None


def write(tag: str, parts: Iterable[tuple[str, str | int | None]]) -> str:
    """The position line: the tag, then `name=value` for every part whose value is not None."""
    return "; ".join([tag, *(f"{name}={value}" for name, value in parts if value is not None)])


@dataclass(frozen=True)
class Sight:
    """Whom a text is written for: everything (a position, `FULL`), or what one seat may see
    (`seat`; None: a spectator). A view's text writes hidden card lists as their count (`#5`),
    hidden numbers as `?`, and leaves out the random source and the options (a set-up stack
    names cards); its tag ends in ` view`, so `from_position` refuses it."""

    full: bool = True
    seat: int | None = None

    @classmethod
    def of(cls, seats: Sequence[str], viewer: str | None) -> Sight:
        return cls(full=False, seat=seats.index(viewer) if viewer in seats else None)

    def sees(self, owner: int | None = None) -> bool:
        """Whether this reader sees what `owner` holds (None: a secret of nobody's, a stack)."""
        return self.full or (owner is not None and owner == self.seat)

    def cards(self, values: Iterable[str], owner: int | None = None) -> str:
        listed = list(values)
        return items(listed) if self.sees(owner) else f"#{len(listed)}"

    def number(self, value: int, owner: int | None = None) -> int | str:
        return value if self.sees(owner) else "?"

    def rng(self, rng: Rng) -> str | None:
        """The `rng` part, `seed/draws`; never in a view (it would tell every hidden draw)."""
        return f"{rng.seed}/{rng.draws}" if self.full else None

    def tag(self, tag: str) -> str:
        return tag if self.full else f"{tag} view"

    def only_full(self, value: str | None) -> str | None:
        return value if self.full else None

    def viewer(self) -> str | None:
        """The `viewer` part of a view's text: the seat number, or `-` for a spectator."""
        if self.full:
            return None
        return "-" if self.seat is None else str(self.seat + 1)


FULL = Sight()


def seats_in(text: str) -> list[str] | None:
    """The seat ids a position text names in its `seats` part (None: it has none)."""
    for piece in split(text, ";"):
        name, equals, value = piece.partition("=")
        if equals and name.strip() == "seats":
            return read_items("seats", value)
    return None


def with_seats(text: str, seats: Sequence[str]) -> str:
    """The position with its `seats` part replaced by these seat ids (a table's own seats)."""
    pieces = split(text, ";")
    for index, piece in enumerate(pieces):
        if piece.strip().startswith("seats="):
            pieces[index] = f" seats={items(seats)}"
    return ";".join(pieces)


# ---------------------------------------------------------------- reading


def split(text: str, separator: str) -> list[str]:
    """`text` split at `separator` outside JSON strings and brackets."""
    pieces: list[str] = []
    depth: list[str] = []
    start = 0
    quoted = escaped = False
    for index, char in enumerate(text):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in _CLOSE:
            depth.append(_CLOSE[char])
        elif depth and char == depth[-1]:
            depth.pop()
        elif char == separator and not depth:
            pieces.append(text[start:index])
            start = index + 1
    pieces.append(text[start:])
    return pieces


class Reader:
    """The parts of one position text, taken one by one by the game's reader.

    Every refusal names the part. `take` of a missing part suggests a misspelt part present;
    `finish` refuses any part no one took.
    """

    def __init__(self, text: str, tag: str) -> None:
        pieces = [p.strip() for p in split(text.strip(), ";")]
        if pieces[0] != tag:
            found = pieces[0][:40]
            raise fail(
                "tag",
                f"expected {tag!r} at the start, found {found!r}",
                f"先頭は {tag!r} のはずですが {found!r} でした",
            )
        self.parts: dict[str, str] = {}
        for piece in pieces[1:]:
            if not piece:
                continue
            name, equals, value = piece.partition("=")
            name = name.strip()
            if not equals or not name:
                raise fail(piece[:40], "a part is written name=value", "部分は 名前=値 の形です")
            if name in self.parts:
                raise fail(name, "this part is given twice", "この部分が2回あります")
            self.parts[name] = value.strip()
        self.taken: set[str] = set()

    def has(self, name: str) -> bool:
        return name in self.parts

    def take(self, name: str, default: str | None = None) -> str:
        """The raw value of a part; a missing part without a default is refused."""
        self.taken.add(name)
        if name in self.parts:
            return self.parts[name]
        if default is not None:
            return default
        left = [p for p in self.parts if p not in self.taken]
        close = difflib.get_close_matches(name, left, n=1, cutoff=0.6)
        if close:
            raise fail(
                close[0],
                f"unknown part (did you mean {name!r}?)",
                f"不明な部分です（{name!r} のことですか？）",
            )
        raise fail(name, "this part is missing", "この部分がありません")

    def finish(self) -> None:
        """Refuse the first part no reader took: a misspelt or foreign part."""
        for name in self.parts:
            if name not in self.taken:
                close = difflib.get_close_matches(name, sorted(self.taken), n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                hint_ja = f"（{close[0]!r} のことですか？）" if close else ""
                raise fail(name, f"unknown part{hint}", f"不明な部分です{hint_ja}")

    # ---- typed values

    def text(self, name: str, default: str | None = None) -> str:
        value = self.take(name, default)
        return unquote(name, value)

    def count(self, name: str, low: int, high: int, default: int | None = None) -> int:
        raw = self.take(name, None if default is None else str(default))
        return number(name, raw, low, high)

    def yes_no(self, name: str, default: bool | None = None) -> bool:
        raw = self.take(name, None if default is None else flag(default))
        if raw not in ("yes", "no"):
            raise fail(name, f"{raw!r} is not yes or no", f"{raw!r} は yes か no ではありません")
        return raw == "yes"

    def items(self, name: str, default: str | None = None) -> list[str]:
        return read_items(name, self.take(name, default))

    def names(
        self, name: str, lookup: Callable[[str], T | None], what: str, default: str | None = None
    ) -> list[T]:
        """A list of named things (cards, spaces), each looked up; unknown names refused."""
        return [named(name, raw, lookup, what) for raw in self.items(name, default)]

    def rng(self) -> dict[str, int]:
        """The `rng` part, `seed/draws`: the seeded random source."""
        seed, _, draws = self.take("rng").partition("/")
        return {"seed": number("rng", seed, 0, 2**63), "draws": number("rng", draws, 0, 10**9)}

    def options(self, name: str, model: type[BaseModel]) -> Any:
        raw = self.take(name, "{}")
        try:
            return model.model_validate_json(raw)
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "value"
            raise fail(name, f"{where}: {problem['msg']}") from None


def json_part(reader: Reader, name: str) -> Any:
    """A part whose value is JSON."""
    raw = reader.take(name)
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        raise fail(name, f"not JSON: {error}", f"JSONではありません: {error}") from None


def unquote(part: str, raw: str) -> str:
    raw = raw.strip()
    if raw.startswith('"'):
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            raise fail(part, f"bad quoted text {raw[:30]!r}", "引用符の文字列が不正です") from None
        if not isinstance(value, str):
            raise fail(part, f"bad quoted text {raw[:30]!r}", "引用符の文字列が不正です")
        return value
    return raw


def number(part: str, raw: str, low: int, high: int) -> int:
    """An integer within [low, high], else a refusal naming the part and the range."""
    try:
        value = int(raw.strip())
    except ValueError:
        raise fail(part, f"{raw!r} is not a number", f"{raw!r} は数ではありません") from None
    if not low <= value <= high:
        raise fail(
            part,
            f"{value} is out of range ({low}–{high})",
            f"{value} は範囲外です（{low}〜{high}）",
        )
    return value


def read_items(part: str, raw: str) -> list[str]:
    """The items of a list value, with `item*n` runs expanded."""
    if not raw.strip():
        return []
    out: list[str] = []
    for piece in split(raw, ","):
        piece = piece.strip()
        body, star, count = piece.rpartition("*") if not piece.endswith('"') else ("", "", piece)
        if star and body:
            repeat = number(part, count, 1, 999)
            piece = body.strip()
        else:
            repeat = 1
        out.extend([unquote(part, piece)] * repeat)
    return out


def named(part: str, raw: str, lookup: Callable[[str], T | None], what: str) -> T:
    found = lookup(raw)
    if found is None:
        raise fail(part, f"unknown {what} {raw!r}", f"不明な{what} {raw!r}")
    return found


def seats_of(reader: Reader, low: int, high: int) -> list[str]:
    """The `seats` part: the seat ids in seat order, distinct, as many as the game allows."""
    seats = reader.items("seats")
    if not low <= len(seats) <= high:
        raise fail(
            "seats",
            f"{len(seats)} seats is out of range ({low}–{high})",
            f"{len(seats)}席は範囲外です（{low}〜{high}）",
        )
    repeated = [s for s, n in Counter(seats).items() if n > 1]
    if repeated:
        raise fail("seats", f"seat {repeated[0]!r} is given twice", "同じ席が2回あります")
    return seats


def too_many(
    found: Sequence[tuple[str, Iterable[T]]], limit: Mapping[T, int], label: Callable[[T], str]
) -> None:
    """Refuse the first component that turns up more often than exist, naming the part where
    it went over the limit (each copy of a component is in exactly one place)."""
    seen: Counter[T] = Counter()
    for part, things in found:
        for thing in things:
            seen[thing] += 1
            if seen[thing] > limit.get(thing, 0):
                what = label(thing)
                raise fail(
                    part,
                    f"duplicated {what}: more than the {limit.get(thing, 0)} there are",
                    f"{what} が重複しています（全部で {limit.get(thing, 0)} 枚）",
                )


def conserved(
    found: Counter[T], expected: Counter[T], what: str, label: Callable[[T], str] = str
) -> list[str]:
    """The "<what> conserved" violation when `found` is not the game's full set, naming the first
    component too many or missing (every card, tile and coin is in exactly one place)."""
    if found == expected:
        return []
    extra = found - expected
    thing = next(iter(extra or expected - found))
    return [f"{what} conserved: {label(thing)} {found[thing]} of {expected[thing]}"]


def validated(model: type[BaseModel], fields: Any) -> Any:
    """The state built through pydantic's validation; a refusal naming the field on failure."""
    try:
        return model.model_validate(fields)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or "state"
        raise fail(where, problem["msg"]) from None


def built(
    reader: Reader, model: type[BaseModel], fields: Any, check: Callable[[Any], list[str]]
) -> Any:
    """`from_position`'s last steps: no part left unread, the state built through validation,
    and refused with its first violation when it fails `check`."""
    reader.finish()
    state = validated(model, fields)
    refuse_violations(check(state))
    return state


def refuse_violations(violations: Sequence[str]) -> None:
    """from_position's last step: a state that fails `check` is refused with its first
    violation."""
    if violations:
        raise InvalidPosition(
            f"the position fails a check: {violations[0]}",
            f"局面が検査に通りません: {violations[0]}",
        )
