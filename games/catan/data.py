"""Catan card game component data: cards.json loaded, validated (digest §2) and turned into pools."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from games.base import InvalidData

Resource = Literal["clay", "wood", "ore", "wool", "grain"]
RESOURCES: tuple[Resource, ...] = ("clay", "wood", "ore", "wool", "grain")
Kind = Literal["road", "knight", "settlement_city", "city_expansion", "building_costs", "destiny"]
Ability = Literal["library", "merchant_guild", "church", "university", "city_fortress"]
BuildKind = Literal["road", "knight", "settlement", "city", "city_expansion"]
BUILD_KINDS: tuple[BuildKind, ...] = ("road", "knight", "settlement", "city", "city_expansion")

# The loader checks of digest §2.8: counts confirmed by the sources.
KIND_COUNTS = {
    "road": 9,
    "settlement_city": 15,
    "knight": 5,
    "city_expansion": 9,
    "building_costs": 4,
    "destiny": 1,
}
MARKS_PER_KIND = {
    "road": {None: 5, 3: 2, 4: 2},
    "settlement_city": {None: 7, 3: 4, 4: 4},
    "knight": {None: 2, 3: 2, 4: 1},
    "city_expansion": {None: 5, 3: 2, 4: 2},
}
RESOURCE_TOTAL = 67
EVENT_TOTALS = {"robber": 10, "market_day": 5}


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Card(_Strict):
    """One building card (or the destiny card) as printed; `reconstructed` names our own fields."""

    id: str
    kind: Kind
    mark: Literal[3, 4] | None
    status: Literal["confirmed", "reconstructed"]
    reconstructed: tuple[str, ...] = ()
    city_event: Literal["robber", "market_day"] | None = None
    name: str | None = None
    vp: int | None = None
    extra_cost: dict[Resource, int] = {}
    ability: Ability | None = None


class PoolRule(_Strict):
    copy1_marks: tuple[Literal[3, 4] | None, ...]
    copy2_marks: tuple[Literal[3, 4], ...] = ()
    copy2_kinds: tuple[Literal["road", "settlement_city", "knight"], ...] = ()
    resource_copies: Literal[1, 2] = 1


class Constants(_Strict):
    market_size: int
    start_hand: int
    base_draw: int
    robber_threshold: int
    robber_keep: int
    win_vp: int
    start_vp: int


class Destiny(_Strict):
    initial_side: Literal["white", "other"]
    direction: dict[Literal["white", "other"], Literal["clockwise", "counterclockwise"]]
    status: Literal["confirmed", "reconstructed"]
    reconstructed: tuple[str, ...] = ()


class CatanData(_Strict):
    """The whole data file, checked for consistency by `check`."""

    game: Literal["catan_fast_card_game"]
    resources: dict[Resource, int]
    costs: dict[BuildKind, dict[Resource, int]]
    pool_rule: dict[Literal["2", "3", "4", "5", "6"], PoolRule]
    constants: Constants
    destiny: Destiny
    cards: tuple[Card, ...]

    def expansion(self, card_id: str) -> Card:
        return _expansions(self)[card_id]

    def cost(self, kind: BuildKind, expansion: str | None = None) -> tuple[int, ...]:
        """The price of a build as counts in RESOURCES order (an expansion adds its surcharge)."""
        key = (id(self), kind, expansion)
        found = _COSTS.get(key)
        if found is None or found[0] is not self:
            total = Counter(self.costs[kind])
            if expansion is not None:
                total.update(self.expansion(expansion).extra_cost)
            found = _COSTS[key] = (self, tuple(total.get(r, 0) for r in RESOURCES))
        return found[1]

    def clockwise(self, white_up: bool) -> bool:
        return self.destiny.direction["white" if white_up else "other"] == "clockwise"


# Lookups per data object (data objects live as long as their game), kept off the frozen model.
_COSTS: dict[tuple[int, str, str | None], tuple[CatanData, tuple[int, ...]]] = {}
_EXPANSIONS: dict[int, tuple[CatanData, dict[str, Card]]] = {}


def _expansions(data: CatanData) -> dict[str, Card]:
    found = _EXPANSIONS.get(id(data))
    if found is None or found[0] is not data:
        found = _EXPANSIONS[id(data)] = (
            data,
            {c.id: c for c in data.cards if c.kind == "city_expansion"},
        )
    return found[1]


class Pool(_Strict):
    """The components in play for one player count (digest §1.2)."""

    roads: int
    knights: int
    settlements: tuple[Literal["robber", "market_day"], ...]  # city events, data order
    expansions: tuple[str, ...]  # card ids, data order
    resources: tuple[Resource, ...]  # every resource card, data order


def pool(data: CatanData, players: int) -> Pool:
    rule = data.pool_rule[str(players)]  # type: ignore[index]
    chosen: list[Card] = [c for c in data.cards if c.mark in rule.copy1_marks]
    chosen += [c for c in data.cards if c.kind in rule.copy2_kinds and c.mark in rule.copy2_marks]
    return Pool(
        roads=sum(c.kind == "road" for c in chosen),
        knights=sum(c.kind == "knight" for c in chosen),
        settlements=tuple(c.city_event for c in chosen if c.city_event is not None),
        expansions=tuple(
            c.id for c in data.cards if c.kind == "city_expansion" and c.mark in rule.copy1_marks
        ),
        resources=tuple(
            r for r in RESOURCES for _ in range(data.resources[r] * rule.resource_copies)
        ),
    )


def _fail(source: str, record: str, reason: str) -> InvalidData:
    return InvalidData(
        f"{source}: {record}: {reason}",
        f"{source}: {record}: {reason}（データファイルが不正です）",
    )


def check(data: CatanData, source: str) -> CatanData:
    """The digest's loader checks; InvalidData naming the file, the record and the reason."""
    seen: set[str] = set()
    for card in data.cards:
        where = f"card {card.id}"
        if card.id in seen:
            raise _fail(source, where, "duplicate id")
        seen.add(card.id)
        if (card.status == "reconstructed") != bool(card.reconstructed):
            raise _fail(
                source, where, "status must be 'reconstructed' exactly when fields are listed"
            )
        if (card.kind == "settlement_city") != (card.city_event is not None):
            raise _fail(source, where, "city_event belongs to settlement/city cards only")
        if card.kind == "city_expansion":
            if card.name is None or card.vp not in (3, 4):
                raise _fail(source, where, "an expansion needs a name and 3 or 4 VP")
            if any(n < 0 for n in card.extra_cost.values()):
                raise _fail(source, where, "a surcharge cannot be negative")
        elif card.name is not None or card.vp is not None or card.ability is not None:
            raise _fail(source, where, "only expansions have a name, VP and ability")
    if sum(data.resources.values()) != RESOURCE_TOTAL or set(data.resources) != set(RESOURCES):
        raise _fail(source, "resources", f"the five resources must sum to {RESOURCE_TOTAL}")
    kinds: Counter[str] = Counter(c.kind for c in data.cards)
    for kind, count in KIND_COUNTS.items():
        if kinds[kind] != count:
            raise _fail(source, f"kind {kind}", f"{kinds[kind]} cards, expected {count}")
    for kind, marks in MARKS_PER_KIND.items():
        found = Counter(c.mark for c in data.cards if c.kind == kind)
        if dict(found) != {m: n for m, n in marks.items() if n}:
            raise _fail(source, f"kind {kind}", f"marks {dict(found)}, expected {marks}")
    events = Counter(c.city_event for c in data.cards if c.city_event)
    if dict(events) != EVENT_TOTALS:
        raise _fail(source, "city events", f"{dict(events)}, expected {EVENT_TOTALS}")
    names = Counter(c.name for c in data.cards if c.kind == "city_expansion")
    expected = {"Bibliothek": 1, "Händlergilde": 2, "Kirche": 2}
    for name, count in expected.items():
        if names[name] != count:
            raise _fail(source, f"expansion {name}", f"{names[name]} copies, expected {count}")
    if names["Rathaus"] + names["Universität"] + names["Stadtburg"] != 4:
        raise _fail(source, "expansions", "Rathaus + Universität + Stadtburg must be 4 copies")
    if set(names) != {*expected, "Rathaus", "Universität", "Stadtburg"}:
        raise _fail(
            source, "expansions", f"unknown expansion names: {sorted(str(n) for n in names)}"
        )
    for card in data.cards:
        if card.name == "Händlergilde" and card.mark is None:
            raise _fail(source, f"card {card.id}", "every Händlergilde is marked")
        if card.kind == "city_expansion":
            abilities = {c.ability for c in data.cards if c.name == card.name}
            if len(abilities) != 1:
                raise _fail(source, f"card {card.id}", f"copies of {card.name} differ in ability")
    if set(data.costs) != set(BUILD_KINDS) or set(data.pool_rule) != {"2", "3", "4", "5", "6"}:
        raise _fail(source, "costs", "costs for the five builds and pools for 2–6 players")
    if (
        set(data.destiny.direction) != {"white", "other"}
        or len(set(data.destiny.direction.values())) != 2
    ):
        raise _fail(source, "destiny", "the two sides must point in opposite directions")
    return data


def load(text: str, source: str) -> CatanData:
    """Parse and validate a data file's text."""
    try:
        raw: Any = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(source, f"line {error.lineno}", f"not JSON: {error.msg}") from None
    if isinstance(raw, dict):
        raw = {k: v for k, v in raw.items() if not k.startswith("_")}
    try:
        data = CatanData.model_validate(raw)
    except ValidationError as error:
        problem = error.errors()[0]
        loc = problem["loc"]
        record = ".".join(str(p) for p in loc) or "file"
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            cards = raw.get("cards") if isinstance(raw, dict) else None
            if isinstance(cards, list) and loc[1] < len(cards) and isinstance(cards[loc[1]], dict):
                rest = ".".join(str(p) for p in loc[2:])
                record = f"card {cards[loc[1]].get('id', loc[1])}" + (f" ({rest})" if rest else "")
        raise _fail(source, record, problem["msg"]) from None
    return check(data, source)


def shipped() -> CatanData:
    text = resources.files(__package__).joinpath("cards.json").read_text("utf-8")
    return load(text, "games/catan/cards.json")


def status_report(data: CatanData) -> dict[str, tuple[str, ...]]:
    """Card id -> reconstructed fields, for every reconstructed record (docs/games/catan.md, tests)."""
    return {c.id: c.reconstructed for c in data.cards if c.status == "reconstructed"}
