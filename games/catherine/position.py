"""Catherine positions as text (plan cards by id, cities by English name) and the invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import normalise
from games.catherine.data import GOODS, Data
from games.catherine.models import Options, State
from games.position import (
    FULL,
    Reader,
    Sight,
    built,
    conserved,
    fail,
    items,
    json_part,
    number,
    options_value,
    seats_of,
    too_many,
    write,
)

TAG = "catherine/1"
PHASES = ("setup", "place", "activate", "books", "over")
TODOS = {"action", "bonus", "books"}
NONE = "-"


def position_text(data: Data, state: State, sight: Sight = FULL) -> str:
    city = data.city
    parts: list[tuple[str, str | int | None]] = [
        ("viewer", sight.viewer()),
        ("seats", items(p.id for p in state.players)),
        ("phase", state.phase),
        ("round", state.round),
    ]
    for index, p in enumerate(state.players, start=1):
        goods = [kind for kind, n in zip(GOODS, p.tiles, strict=True) for _ in range(n)]
        own = sight.sees(index - 1)
        # A secret choice shows others only that it is made (as the view's `placed` does).
        placed = len(p.chosen) >= (1 if state.phase == "setup" else 2)
        parts += [
            (f"{index}.order", p.order),
            (f"{index}.vp", p.vp),
            (f"{index}.favour", p.favour),
            (f"{index}.hand", sight.cards(p.hand, index - 1)),
            (f"{index}.row", items(p.row)),
            (f"{index}.below", items(c or NONE for c in p.below)),
            (f"{index}.houses", items(city[c].en for c in p.houses)),
            (f"{index}.goods", items(goods)),
            (f"{index}.jokers", p.jokers),
            (f"{index}.chosen", (items(p.chosen) or None) if own else None),
            (f"{index}.placed", "yes" if not own and placed else None),
            (f"{index}.slot", p.slot if p.slot >= 0 and own else None),
            (f"{index}.todo", p.todo or None),
            (f"{index}.active", p.active or None),
            (f"{index}.discarded", items(p.discarded) or None),
            (f"{index}.breakdown", _json(p.breakdown) if p.breakdown else None),
        ]
    parts += [
        ("deck", sight.cards(state.deck)),
        ("discard", sight.cards(state.discard)),
        ("city_goods", items(f"{city[c].en}:{n}" for c, n in state.city_tiles.items())),
        ("jokers", state.jokers),
        ("rng", sight.rng(state.rng)),
        ("moves", state.moves_played if sight.full else None),
        ("options", sight.only_full(options_value(state.options))),
    ]
    return write(sight.tag(TAG), parts)


def _json(value: Any) -> str:
    import json

    return json.dumps(value, separators=(",", ":"))


class _Names:
    """Lookups of a data set's cards and cities by what a position text writes."""

    def __init__(self, data: Data) -> None:
        self.cards = {normalise(c): c for c in data.cards}
        self.cities: dict[str, str] = {}
        for c in data.cities:
            for name in (c.id, c.en, c.ja):
                self.cities[normalise(name)] = c.id

    def card(self, text: str) -> str | None:
        return self.cards.get(normalise(text))

    def city(self, text: str) -> str | None:
        return self.cities.get(normalise(text))

    def below(self, text: str) -> str | None:
        return "" if text == NONE else self.card(text)


def from_position(data: Data, text: str) -> State:
    r = Reader(text, TAG)
    names = _Names(data)
    seats = seats_of(r, data.rules.players_min, data.rules.players_max)
    found: list[tuple[str, list[str]]] = []
    players = []
    for index, seat in enumerate(seats, start=1):
        hand = r.names(f"{index}.hand", names.card, "card", "")
        row = r.names(f"{index}.row", names.card, "card", "")
        below = r.names(f"{index}.below", names.below, "card", "")
        found += [(f"{index}.hand", hand), (f"{index}.row", row)]
        found.append((f"{index}.below", [c for c in below if c]))
        goods = r.items(f"{index}.goods", "")
        unknown = [g for g in goods if g not in GOODS]
        if unknown:
            raise fail(
                f"{index}.goods", f"unknown goods {unknown[0]!r}", f"不明な商品 {unknown[0]!r}"
            )
        players.append(
            {
                "id": seat,
                "hand": hand,
                "row": row,
                "below": below,
                "houses": r.names(f"{index}.houses", names.city, "city", ""),
                "tiles": [goods.count(kind) for kind in GOODS],
                "jokers": r.count(f"{index}.jokers", 0, data.rules.jokers, 0),
                "favour": r.count(f"{index}.favour", 0, data.top),
                "vp": r.count(f"{index}.vp", -999, 9999),
                "order": r.text(f"{index}.order"),
                "chosen": r.names(f"{index}.chosen", names.card, "card", ""),
                "slot": r.count(f"{index}.slot", -1, 99, -1),
                "todo": r.text(f"{index}.todo", ""),
                "active": (r.names(f"{index}.active", names.card, "card", "") or [""])[0],
                "discarded": r.names(f"{index}.discarded", names.card, "card", ""),
                "breakdown": json_part(r, f"{index}.breakdown")
                if r.has(f"{index}.breakdown")
                else {},
            }
        )
    deck = r.names("deck", names.card, "card", "")
    discard = r.names("discard", names.card, "card", "")
    found += [("deck", deck), ("discard", discard)]
    too_many(found, Counter(data.deck), str)
    city_tiles: dict[str, int] = {}
    for entry in r.items("city_goods", ""):
        name, _, count = entry.rpartition(":")
        city = names.city(name)
        if city is None:
            raise fail("city_goods", f"unknown city {name!r}", f"不明な都市 {name!r}")
        if city in city_tiles:
            raise fail("city_goods", f"city {name!r} given twice", f"都市 {name!r} が2回あります")
        city_tiles[city] = number("city_goods", count, 0, data.rules.players_max)
    fields = {
        "options": r.options("options", Options),
        "rng": r.rng(),
        "players": players,
        "deck": deck,
        "discard": discard,
        "city_tiles": city_tiles,
        "jokers": r.count("jokers", 0, data.rules.jokers),
        "phase": r.text("phase"),
        "round": r.count("round", 0, data.rules.decades * data.rules.rounds_per_decade),
        "moves_played": r.count("moves", 0, 10**6),
    }
    state: State = built(r, State, fields, lambda s: check(data, s))
    return state


def check(data: Data, state: State) -> list[str]:
    problems: list[str] = []
    n = len(state.players)
    found: Counter[str] = Counter(state.deck)
    found.update(state.discard)
    for p in state.players:
        found.update(p.hand)
        found.update(p.row)
        found.update(c for c in p.below if c)
    problems += conserved(found, Counter(data.deck), "cards")
    orders = [p.order for p in state.players]
    if len(set(orders)) != n or not set(orders) <= set(data.orders):
        problems.append(f"one order card each: {', '.join(orders)}")
    rounds = data.rules.decades * data.rules.rounds_per_decade
    if (state.phase == "setup") != (state.round == 0) or not 0 <= state.round <= rounds:
        problems.append(f"round within the game: round {state.round} in the {state.phase} phase")
    for p in state.players:
        problems += _seat_problems(data, state, p)
    goods_cities = {c.id for c in data.cities if c.goods is not None}
    if set(state.city_tiles) != goods_cities or not all(
        0 <= left <= n for left in state.city_tiles.values()
    ):
        problems.append("goods tiles per city within 0 and the seat count")
    jokers = state.jokers + sum(p.jokers for p in state.players)
    if jokers > (0 if n == 2 else data.rules.jokers):
        problems.append(f"jokers conserved: {jokers} in the game")
    problems += _phase_problems(state)
    return problems


def _seat_problems(data: Data, state: State, p: Any) -> list[str]:
    problems = []
    if len(p.below) != len(p.row):
        problems.append(f"activation row as long as the action row: {p.id}")
    if len(set(p.houses)) != len(p.houses) or len(p.houses) > data.rules.houses:
        problems.append(f"houses within the limit, one per city: {p.id}")
    if not 0 <= p.favour <= data.top:
        problems.append(f"favour on the track: {p.id} at {p.favour}")
    if any(t < 0 for t in p.tiles) or p.jokers < 0:
        problems.append(f"goods not negative: {p.id}")
    if Counter(p.chosen) - Counter(p.hand):
        problems.append(f"the secret choice is from the hand: {p.id}")
    if p.active and p.active not in p.row:
        problems.append(f"the active card is in the action row: {p.id}")
    if not set(p.discarded) <= set(state.discard):
        problems.append(f"discarded cards are on the discard pile: {p.id}")
    if bool(p.breakdown) != (state.phase == "over"):
        problems.append(f"final scoring made once the game is over: {p.id}")
    return problems


def _phase_problems(state: State) -> list[str]:
    phase = state.phase
    todos = [p.todo for p in state.players]
    if phase not in PHASES:
        return [f"phase consistent with who acts: unknown phase {phase}"]
    if phase in ("setup", "place", "over") and any(todos):
        return [f"phase consistent with who acts: a seat owes {todos} in the {phase} phase"]
    if phase == "activate" and not all(t in ("", "action", "bonus") for t in todos):
        return [f"phase consistent with who acts: {todos} while activating"]
    if phase == "books" and not all(t in ("", "books") for t in todos):
        return [f"phase consistent with who acts: {todos} in the book scoring"]
    if phase in ("activate", "books") and not any(todos):
        return [f"phase consistent with who acts: nobody to act in the {phase} phase"]
    if phase != "place" and any(p.slot >= 0 for p in state.players):
        return [f"phase consistent with who acts: an activation slot in the {phase} phase"]
    return []
