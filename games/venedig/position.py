"""Venedig positions as text (building types by name, spaces by their board labels) and the
game's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.position import (
    FULL,
    Reader,
    Sight,
    built,
    conserved,
    fail,
    flag,
    items,
    json_part,
    number,
    options_value,
    seats_of,
    too_many,
    write,
)
from games.venedig.data import TYPES, Data
from games.venedig.models import Options, State
from games.venedig.notation import TYPE_NAMES

TAG = "venedig/1"
NAMES = TYPE_NAMES["en"]
SWAMP, FREE = ".", "_"


def _type(kind: int) -> str:
    return NAMES[TYPES[kind]]


def _types(kinds: tuple[int, ...]) -> str:
    return items(_type(k) for k in kinds)


def _counted(counts: tuple[int, ...]) -> str:
    return items(_type(k) for k, n in enumerate(counts) for _ in range(n))


def _building(data: Data, b: Any) -> str:
    words = [_type(b.type), "+".join(data.labels[s] for s in b.spaces)]
    if b.seat is not None:
        words += ["by", str(b.seat + 1)]
    if b.district is not None:
        words += ["district", b.district]
    return " ".join(words)


def position_text(data: Data, state: State, sight: Sight = FULL) -> str:
    parts: list[tuple[str, str | int | None]] = [
        ("viewer", sight.viewer()),
        ("seats", items(p.id for p in state.players)),
        ("turn", state.turn + 1),
        ("phase", state.phase),
        ("drained", state.drained or None),
        ("locate", None if state.locate is None else _type(state.locate)),
        ("movers", items(f"{seat + 1}:{steps}" for seat, steps in state.movers) or None),
        ("ending", flag(True) if state.ending else None),
    ]
    for index, p in enumerate(state.players, start=1):
        parts += [
            (f"{index}.pos", p.pos),
            (f"{index}.hand", sight.cards(map(_type, p.hand), index - 1)),
            (f"{index}.front", _counted(p.front)),
            (f"{index}.swamp", sight.cards(map(str, p.swamp), index - 1)),
            (f"{index}.treasure", sight.cards(map(str, p.treasure), index - 1)),
        ]
    architects = [
        f"{_type(k)}:{seat + 1}" for k, seat in enumerate(state.architects) if seat is not None
    ]
    parts += [
        ("virtual", None if state.virtual is None else _counted(state.virtual)),
        ("architects", items(architects)),
        ("free", items(data.labels[s] for s, c in enumerate(state.board) if c == FREE)),
        ("buildings", items(_building(data, b) for b in state.buildings)),
        ("supply", items(f"{_type(k)}:{n}" for k, n in enumerate(state.supply))),
        ("deck", sight.cards(map(_type, state.deck))),
        ("discard", _types(state.discard)),
        ("pool", _types(state.pool)),
        ("swamp_bag", sight.cards(map(str, state.swamp_bag))),
        ("treasure", sight.cards(map(str, state.treasure))),
        ("final", _final(state) if state.final else None),
        ("rng", sight.rng(state.rng)),
        ("moves", state.moves_played if sight.full else None),
        ("options", sight.only_full(options_value(state.options))),
    ]
    return write(sight.tag(TAG), parts)


def _final(state: State) -> str:
    import json

    return json.dumps([f.model_dump() for f in state.final], separators=(",", ":"))


class _Names:
    """Building types and board spaces by what a position text writes."""

    def __init__(self, data: Data) -> None:
        self.types = {name.casefold(): k for k, t in enumerate(TYPES) for name in (t, NAMES[t])}
        self.types.update({TYPE_NAMES["ja"][t]: k for k, t in enumerate(TYPES)})
        self.spaces = {label.casefold(): s for s, label in enumerate(data.labels)}

    def type(self, text: str) -> int | None:
        return self.types.get(text.strip().casefold())

    def space(self, text: str) -> int | None:
        return self.spaces.get(text.strip().casefold())


def _kinds(r: Reader, part: str, names: _Names) -> list[int]:
    return r.names(part, names.type, "building type", "")


def _counts(r: Reader, part: str, names: _Names) -> list[int]:
    kinds = _kinds(r, part, names)
    return [kinds.count(k) for k in range(len(TYPES))]


def _values(r: Reader, part: str, low: int, high: int) -> list[int]:
    return [number(part, raw, low, high) for raw in r.items(part, "")]


def _pairs(part: str, raw: str, names: _Names, n: int, high: int) -> tuple[int, int]:
    left, _, right = raw.partition(":")
    kind = names.type(left)
    first = kind if kind is not None else number(part, left, 1, n) - 1
    return first, number(part, right, 0, high)


def _buildings(part: str, raw: list[str], names: _Names, seats: int) -> list[dict[str, Any]]:
    out = []
    for entry in raw:
        words = entry.split()
        if len(words) < 2 or names.type(words[0]) is None:
            raise fail(part, f"unknown building {entry!r}", f"不明な建物 {entry!r}")
        spaces = []
        for label in words[1].split("+"):
            space = names.space(label)
            if space is None:
                raise fail(part, f"unknown space {label!r}", f"不明なマス {label!r}")
            spaces.append(space)
        rest = dict(zip(words[2::2], words[3::2], strict=False))
        if set(rest) - {"by", "district"} or len(words) % 2:
            raise fail(part, f"unknown building {entry!r}", f"不明な建物 {entry!r}")
        seat = number(part, rest["by"], 1, seats) - 1 if "by" in rest else None
        out.append(
            {
                "type": names.type(words[0]),
                "spaces": spaces,
                "seat": seat,
                "district": rest.get("district"),
            }
        )
    return out


def _board(data: Data, free: list[int], buildings: list[dict[str, Any]]) -> str:
    board = [SWAMP] * len(data.labels)
    for space in free:
        board[space] = FREE
    for kind, spaces in data.preprinted:
        for space in spaces:
            board[space] = str(kind)
    for b in buildings:
        for space in b["spaces"]:
            board[space] = str(b["type"])
    return "".join(board)


def from_position(data: Data, text: str) -> State:
    r = Reader(text, TAG)
    names = _Names(data)
    seats = seats_of(r, 2, 5)
    n = len(seats)
    found: list[tuple[str, list[int]]] = []
    players = []
    for index, seat in enumerate(seats, start=1):
        hand = _kinds(r, f"{index}.hand", names)
        front = _kinds(r, f"{index}.front", names)
        found += [(f"{index}.hand", hand), (f"{index}.front", front)]
        players.append(
            {
                "id": seat,
                "hand": sorted(hand),  # a hand is a set of cards: kept in type order
                "front": [front.count(k) for k in range(len(TYPES))],
                "pos": r.count(f"{index}.pos", 0, data.goal),
                "swamp": sorted(_values(r, f"{index}.swamp", 0, max(data.swamp_values))),
                "treasure": sorted(_values(r, f"{index}.treasure", 0, max(data.treasure_values))),
            }
        )
    virtual = _kinds(r, "virtual", names) if r.has("virtual") else None
    deck = _kinds(r, "deck", names)
    discard = _kinds(r, "discard", names)
    pool = _kinds(r, "pool", names)
    found += [("virtual", virtual or []), ("deck", deck), ("discard", discard), ("pool", pool)]
    too_many(found, dict(enumerate(data.cards)), _type)
    holders = n + 1 if n == 2 else n  # a 2-player game's virtual player holds architects too
    architects: list[int | None] = [None] * len(TYPES)
    for raw in r.items("architects", ""):
        if names.type(raw.partition(":")[0]) is None:
            raise fail("architects", f"unknown building type in {raw!r}", f"不明な建物 {raw!r}")
        kind, holder = _pairs("architects", raw, names, holders, holders)
        architects[kind] = holder - 1
    supply = [0] * len(TYPES)
    for raw in r.items("supply"):
        kind, count = _pairs("supply", raw, names, 0, max(data.pieces))
        supply[kind] = count
    free = r.names("free", names.space, "space", "")
    buildings = _buildings("buildings", r.items("buildings", ""), names, holders)
    movers = [_pairs("movers", raw, names, holders, data.goal) for raw in r.items("movers", "")]
    locate = r.names("locate", names.type, "building type", "") if r.has("locate") else []
    fields = {
        "options": r.options("options", Options),
        "rng": r.rng(),
        "players": players,
        "virtual": None if virtual is None else [virtual.count(k) for k in range(len(TYPES))],
        "architects": architects,
        "board": _board(data, free, buildings),
        "buildings": buildings,
        "supply": supply,
        "deck": deck,
        "discard": discard,
        "pool": pool,
        "swamp_bag": _values(r, "swamp_bag", 0, max(data.swamp_values)),
        "treasure": _values(r, "treasure", 0, max(data.treasure_values)),
        "turn": number("turn", r.take("turn"), 1, n) - 1,
        "phase": r.text("phase"),
        "drained": r.count("drained", 0, data.drain_max, 0),
        "locate": locate[0] if locate else None,
        "movers": movers,
        "ending": r.yes_no("ending", False),
        "final": json_part(r, "final") if r.has("final") else [],
        "moves_played": r.count("moves", 0, 10**6),
    }
    state: State = built(r, State, fields, lambda s: check(data, s))
    return state


def check(data: Data, state: State) -> list[str]:
    problems: list[str] = []
    n = len(state.players)
    cards = Counter(state.deck)
    for pile in (state.discard, state.pool):
        cards.update(pile)
    for p in state.players:
        cards.update(p.hand)
        cards.update({k: c for k, c in enumerate(p.front) if c})
        if list(p.hand) != sorted(p.hand):
            problems.append(f"hands kept sorted: {p.id}")
        if not 0 <= p.pos <= data.goal:
            problems.append(f"track position on the track: {p.id} at {p.pos}")
    if state.virtual is not None:
        cards.update({k: c for k, c in enumerate(state.virtual) if c})
    if (state.virtual is not None) != (n == 2):
        problems.append("a virtual player exactly in a 2-player game")
    problems += conserved(cards, Counter(dict(enumerate(data.cards))), "cards", _type)
    built = Counter(b.type for b in state.buildings)
    built.update(kind for kind, _ in data.preprinted)  # printed pieces come out of the supply
    for k, pieces in enumerate(data.pieces):
        if state.supply[k] + built[k] != pieces:
            problems.append(
                f"pieces conserved: {_type(k)} {state.supply[k]} in supply, {built[k]} built"
            )
            break
    board = _board(
        data,
        [s for s, c in enumerate(state.board) if c == FREE],
        [b.model_dump() for b in state.buildings],
    )
    if board != state.board:
        problems.append("board consistent with its buildings")
    if state.board.count(SWAMP) != len(state.swamp_bag):
        problems.append(
            f"one swamp value under each swamp: {state.board.count(SWAMP)} swamps, "
            f"{len(state.swamp_bag)} values"
        )
    holders = n + 1 if n == 2 else n
    if not all(a is None or 0 <= a < holders for a in state.architects):
        problems.append("architects held by seats")
    if not 0 <= state.turn < n:
        problems.append(f"turn is a seat: {state.turn + 1}")
    if (state.locate is not None) != (state.phase == "locate"):
        problems.append(f"phase consistent with who acts: locate {state.locate} in {state.phase}")
    if bool(state.final) and state.phase not in ("final", "over"):
        problems.append(f"a final conversion only at the end: in the {state.phase} phase")
    if state.phase in ("final", "over") and not state.ending:
        problems.append(f"the end only after its trigger: the {state.phase} phase")
    return problems
