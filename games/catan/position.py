"""Catan card game positions as text (resources and city events by name, expansions by their
printed name and id) and the game's invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import normalise
from games.catan.data import BUILD_KINDS, RESOURCES, CatanData, pool
from games.catan.models import Building, Options, State
from games.catan.notation import RESOURCE_NAMES, RESOURCE_SYNONYMS
from games.catan.rules import exchange_limit
from games.position import (
    FULL,
    Reader,
    Sight,
    built,
    conserved,
    fail,
    flag,
    items,
    number,
    options_value,
    seats_of,
    too_many,
    write,
)

TAG = "catan/1"
EVENTS = ("robber", "market_day")
USED = ("guild", "library", "university")


def _expansion(data: CatanData, card: str) -> str:
    return f"{data.expansion(card).name} {card}"


def _building(data: CatanData, b: Building, sight: Sight = FULL) -> str:
    # A settlement's city event is on its hidden back: nobody sees it until it becomes a city.
    words = ["city" if b.city else "settlement", b.event if b.city or sight.full else "?"]
    if b.expansion is not None:
        words.append(_expansion(data, b.expansion))
    return " ".join(words)


def _hand(counts: tuple[int, ...]) -> str:
    return items(r for r, n in zip(RESOURCES, counts, strict=True) for _ in range(n))


def position_text(data: CatanData, state: State, sight: Sight = FULL) -> str:
    pending = state.pending
    parts: list[tuple[str, str | int | None]] = [
        ("viewer", sight.viewer()),
        ("seats", items(p.id for p in state.players)),
        ("turn", state.turn + 1),
        ("turns", state.turns),
        ("phase", state.phase),
        ("allowance", state.allowance),
        ("exchanges", state.exchanges),
        ("built", items(state.built) or None),
        ("used", items(u for u in USED if getattr(state, f"{u}_used")) or None),
        ("white_up", flag(state.white_up)),
        ("finished", flag(True) if state.finished else None),
        ("winner", None if state.winner is None else state.winner + 1),
    ]
    for index, p in enumerate(state.players, start=1):
        parts += [
            (f"{index}.hand", _hand(p.hand) if sight.sees(index - 1) else f"#{sum(p.hand)}"),
            (f"{index}.roads", p.roads),
            (f"{index}.knights", p.knights),
            (f"{index}.buildings", items(_building(data, b, sight) for b in p.buildings)),
            (f"{index}.owed", state.owed[index - 1] if len(state.owed) >= index else None),
        ]
    parts += [
        ("draw", sight.cards(state.draw_pile)),
        ("market", items(state.market)),
        ("discard", items(state.discard)),
        ("road_stack", state.road_stack),
        ("knight_stack", state.knight_stack),
        ("settlement_stack", sight.cards(state.settlement_stack)),
        ("expansions", items(_expansion(data, c) for c in state.expansions)),
    ]
    if pending is not None:
        parts += [
            ("pending", pending.kind),
            ("pending.seat", pending.seat + 1),
            ("pending.target", None if pending.target is None else pending.target + 1),
            ("pending.queue", items(str(s + 1) for s in pending.queue) or None),
        ]
    parts += [
        ("rng", sight.rng(state.rng)),
        ("options", sight.only_full(options_value(state.options))),
    ]
    return write(sight.tag(TAG), parts)


RESOURCE_WORDS = {normalise(w): r for w, r in RESOURCE_SYNONYMS.items()} | {
    normalise(name): r for names in RESOURCE_NAMES.values() for r, name in names.items()
}


def _resource(text: str) -> str | None:
    """A resource by its name as the move notation reads it (English, Japanese, synonyms)."""
    return RESOURCE_WORDS.get(normalise(text))


def _event(text: str) -> str | None:
    return text if text in EVENTS else None


class _Expansions:
    """Expansion cards by id, or by `name id` as written, or by a name used once in the data."""

    def __init__(self, data: CatanData) -> None:
        cards = [c for c in data.cards if c.kind == "city_expansion"]
        self.ids = {c.id.casefold(): c.id for c in cards}
        names = Counter((c.name or "").casefold() for c in cards)
        self.names = {
            (c.name or "").casefold(): c.id for c in cards if names[(c.name or "").casefold()] == 1
        }

    def __call__(self, text: str) -> str | None:
        words = text.split()
        if words and words[-1].casefold() in self.ids:
            return self.ids[words[-1].casefold()]
        return self.names.get(text.casefold())


def _buildings(part: str, raw: list[str], expansions: _Expansions) -> list[dict[str, Any]]:
    out = []
    for entry in raw:
        words = entry.split(maxsplit=2)
        if len(words) < 2 or words[0] not in ("city", "settlement"):
            raise fail(part, f"unknown building {entry!r}", f"不明な建物 {entry!r}")
        if _event(words[1]) is None:
            raise fail(part, f"unknown city event {words[1]!r}", f"不明な都市イベント {words[1]!r}")
        expansion = None
        if len(words) == 3:
            expansion = expansions(words[2])
            if expansion is None:
                raise fail(part, f"unknown expansion {words[2]!r}", f"不明な拡張 {words[2]!r}")
        out.append({"event": words[1], "city": words[0] == "city", "expansion": expansion})
    return out


def _counter(things: tuple[str, ...]) -> Counter[str]:
    return Counter(things)


def _seat(part: str, raw: str, n: int) -> int:
    return number(part, raw, 1, n) - 1


def from_position(data: CatanData, text: str) -> State:
    r = Reader(text, TAG)
    seats = seats_of(r, 2, 6)
    n = len(seats)
    cards = pool(data, n)
    expansions = _Expansions(data)
    players = []
    owed = []
    resources: list[tuple[str, list[str]]] = []
    events: list[tuple[str, list[str]]] = []
    expanded: list[tuple[str, list[str]]] = []
    for index, seat in enumerate(seats, start=1):
        hand = r.names(f"{index}.hand", _resource, "resource", "")
        buildings = _buildings(f"{index}.buildings", r.items(f"{index}.buildings", ""), expansions)
        resources.append((f"{index}.hand", hand))
        events.append((f"{index}.buildings", [b["event"] for b in buildings]))
        expanded.append(
            (f"{index}.buildings", [b["expansion"] for b in buildings if b["expansion"]])
        )
        players.append(
            {
                "id": seat,
                "hand": [hand.count(res) for res in RESOURCES],
                "roads": r.count(f"{index}.roads", 0, cards.roads),
                "knights": r.count(f"{index}.knights", 0, cards.knights),
                "buildings": buildings,
            }
        )
        owed.append(r.count(f"{index}.owed", 0, len(cards.resources), 0))
    draw = r.names("draw", _resource, "resource", "")
    market = r.names("market", _resource, "resource", "")
    discard = r.names("discard", _resource, "resource", "")
    resources += [("draw", draw), ("market", market), ("discard", discard)]
    too_many(resources, _counter(cards.resources), str)
    stack = r.names("settlement_stack", _event, "city event", "")
    too_many([*events, ("settlement_stack", stack)], _counter(cards.settlements), str)
    open_stack = r.names("expansions", expansions, "expansion", "")
    too_many([*expanded, ("expansions", open_stack)], _counter(cards.expansions), str)
    used = r.items("used", "")
    for word in used:
        if word not in USED:
            raise fail("used", f"unknown ability {word!r}", f"不明な能力 {word!r}")
    pending = None
    if r.has("pending"):
        pending = {
            "kind": r.text("pending"),
            "seat": _seat("pending.seat", r.take("pending.seat"), n),
            "target": _seat("pending.target", r.take("pending.target"), n)
            if r.has("pending.target")
            else None,
            "queue": [_seat("pending.queue", s, n) for s in r.items("pending.queue", "")],
        }
    winner = r.count("winner", 1, n) - 1 if r.has("winner") else None
    fields = {
        "options": r.options("options", Options),
        "rng": r.rng(),
        "players": players,
        "draw_pile": draw,
        "market": market,
        "discard": discard,
        "road_stack": r.count("road_stack", 0, cards.roads),
        "knight_stack": r.count("knight_stack", 0, cards.knights),
        "settlement_stack": stack,
        "expansions": open_stack,
        "white_up": r.yes_no("white_up"),
        "turn": _seat("turn", r.take("turn"), n),
        "phase": r.text("phase"),
        "allowance": r.count("allowance", 0, cards.roads),
        "exchanges": r.count("exchanges", 0, 99),
        "owed": owed,
        "built": r.items("built", ""),
        "guild_used": "guild" in used,
        "library_used": "library" in used,
        "university_used": "university" in used,
        "pending": pending,
        "finished": r.yes_no("finished", False),
        "winner": winner,
        "turns": r.count("turns", 1, 10**6),
    }
    state: State = built(r, State, fields, lambda s: check(data, s))
    return state


def check(data: CatanData, state: State) -> list[str]:
    problems: list[str] = []
    n = len(state.players)
    cards = pool(data, n)
    found: Counter[str] = Counter(state.draw_pile)
    found.update(state.market)
    found.update(state.discard)
    for p in state.players:
        if any(c < 0 for c in p.hand):
            problems.append(f"hand counts not negative: {p.id}")
        found.update({r: c for r, c in zip(RESOURCES, p.hand, strict=True) if c > 0})
    problems += conserved(found, _counter(cards.resources), "cards")
    if len(state.market) > data.constants.market_size:
        problems.append(f"market within its size: {len(state.market)} cards")
    if sum(p.roads for p in state.players) + state.road_stack != cards.roads:
        problems.append("roads conserved")
    if sum(p.knights for p in state.players) + state.knight_stack != cards.knights:
        problems.append("knights conserved")
    events: Counter[str] = Counter(state.settlement_stack)
    events.update(b.event for p in state.players for b in p.buildings)
    problems += conserved(events, _counter(cards.settlements), "settlement cards")
    expansions: Counter[str] = Counter(state.expansions)
    expansions.update(
        b.expansion for p in state.players for b in p.buildings if b.expansion is not None
    )
    problems += conserved(expansions, Counter(cards.expansions), "expansion cards")
    if any(b.expansion and not b.city for p in state.players for b in p.buildings):
        problems.append("expansions stand on cities")
    if not 0 <= state.turn < n:
        problems.append(f"turn is a seat: {state.turn + 1}")
    if len(state.owed) != n or any(o < 0 for o in state.owed):
        problems.append("one owed count per seat, not negative")
    elif state.phase != "exchange" and any(state.owed):
        problems.append("phase consistent with who acts: cards owed after the exchange phase")
    if state.phase == "exchange" and state.exchanges > exchange_limit(state):
        problems.append(f"exchanges within the allowance: {state.exchanges}")
    if state.phase == "exchange" and state.built:
        problems.append("phase consistent with who acts: a build in the exchange phase")
    if not set(state.built) <= set(BUILD_KINDS):
        problems.append(f"known build kinds: {state.built}")
    if (state.winner is not None) and not (state.finished and 0 <= state.winner < n):
        problems.append("a winner only once finished")
    pending = state.pending
    if pending is not None:
        seats = [pending.seat, *pending.queue]
        if pending.target is not None:
            seats.append(pending.target)
        if not all(0 <= s < n for s in seats) or state.finished:
            problems.append("phase consistent with who acts: the pending decision's seats")
        elif pending.kind == "library" and (pending.target is None or pending.seat != state.turn):
            problems.append("phase consistent with who acts: a library look without its target")
    return problems
