"""Catherine component data: data.json loaded into records and checked as the digest's §2.9 asks.

`load_data(text, source)` is the one loader: it serves the shipped file at import and a server
owner's corrected file (`Catherine.with_data`). Every failure is an `InvalidData` naming the
file, the record and the reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from games.base import InvalidData

GOODS: tuple[str, ...] = ("iron", "food", "caviar", "fur")
KINDS: tuple[str, ...] = (*GOODS, "cannon", "book")  # index order of Card.icons
IRON, FOOD, CAVIAR, FUR, CANNON, BOOK = range(6)
Status = Literal["confirmed", "reconstructed"]
ACTIONS = (
    "BUILD_LISTED",
    "BUILD_REGION",
    "MARKET",
    "DISCARD_FOR_VP",
    "VP_PER_BOOK",
    "DISCARD_FOR_FAVOUR",
    "DRAW_PER_BOOK",
    "DRAW",
    "VP_PER_GOODS_SET",
    "VP",
)
BUILDS = ("BUILD_LISTED", "BUILD_REGION")
# The rulebook's 14 action/bonus combinations (digest §1.6): template -> action, bonus shape.
TEMPLATES: dict[str, tuple[str, str]] = {
    "T1": ("MARKET", "none"),
    "T2": ("DISCARD_FOR_VP", "same_colour>favour"),
    "T3": ("VP_PER_BOOK", "pay>favour"),
    "T4": ("DISCARD_FOR_FAVOUR", "pay>favour"),
    "T5": ("DRAW_PER_BOOK", "own>favour"),
    "T6": ("DRAW", "own>favour"),
    "T7": ("VP_PER_GOODS_SET", "pay>favour"),
    "T8": ("BUILD_REGION", "own>favour"),
    "T9": ("VP", "pay>vp"),
    "T10": ("VP", "own>favour"),
    "T11": ("BUILD_LISTED", "own>draw"),
    "T12": ("BUILD_LISTED", "own>vp"),
    "T13": ("BUILD_LISTED", "own|pay>favour"),
    "T14": ("BUILD_LISTED", "pay>region_vp"),
}


class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RulesRecord(_Record):
    status: Status
    players_min: int
    players_max: int
    decades: int
    rounds_per_decade: int
    deal: int
    action_row_start: int
    draw_phase_a: int
    draw_after_interim: int
    houses: int
    jokers: int
    goods_per_kind: int
    plan_cards: int
    order_cards: int
    order_goods: int
    cannon_more_vp: int
    cannon_tie_vp: int
    order_vp: dict[str, int]
    compensation_draw: int


class Region(_Record):
    id: str
    colour: str
    en: str
    ja: str
    status: Status


class City(_Record):
    id: str
    en: str
    ja: str
    region: str
    feature: Literal["crown", "one", "goods"]
    goods: Literal["iron", "food", "caviar", "fur"] | None
    x: int
    y: int
    status: Status


class Road(_Record):
    a: str
    b: str
    status: Status


class TrackStep(_Record):
    position: int
    hand_limit: int
    vp: int
    multiplier: int
    status: Status


class OrderCard(_Record):
    id: str
    goods: dict[str, int]
    status: Status


class Top(_Record):
    cities: tuple[str, ...] | None = None
    icons: dict[str, int] | None = None


class ActionRecord(_Record):
    type: str
    goods: tuple[str, str] | None = None
    discard: int | None = None
    vp: int | None = None
    favour: int | None = None
    times: int | Literal["any"] | None = None
    draw: int | None = None
    n: int | None = None


class Condition(_Record):
    own: dict[str, int] | None = None
    discarded_same_colour: bool | None = None


class Pay(_Record):
    discard: int


class BonusRecord(_Record):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
    if_: Condition | None = None
    pay: Pay | None = None
    or_pay: Pay | None = None
    vp: int | None = None
    favour: int | None = None
    draw: int | None = None
    vp_per_own_house_in_region: int | None = None

    def __init__(self, **data: Any) -> None:
        if "if" in data:
            data["if_"] = data.pop("if")
        super().__init__(**data)


class PlanRecord(_Record):
    id: str
    colour: str
    tpl: str
    top: Top
    action: ActionRecord
    bonus: BonusRecord | None
    status: Status


@dataclass(frozen=True)
class Card:
    """A plan card flattened for the rules: icons by KINDS index, action and bonus parameters."""

    id: str
    colour: str
    tpl: str
    cities: tuple[str, ...]
    icons: tuple[int, ...]
    action: str
    goods: tuple[int, ...]  # MARKET: the two goods kinds (KINDS indices)
    discard: int  # cards discarded per use (DISCARD_*, BUILD_REGION)
    amount: int  # vp / favour / draw / n of the action, per use
    times: int  # how often at most (0: any number)
    has_bonus: bool
    bonus_own: tuple[tuple[int, int], ...]  # (kind index, minimum)
    bonus_same_colour: bool
    bonus_pay: int
    bonus_or_pay: int
    bonus_vp: int
    bonus_favour: int
    bonus_draw: int
    bonus_region_vp: int
    status: str


@dataclass(frozen=True, eq=False)  # hashed by identity: renderers cache per data set
class Data:
    """Everything the rules read: constants, map, favour track, order cards and plan cards."""

    source: str
    rules: RulesRecord
    regions: tuple[Region, ...]
    cities: tuple[City, ...]
    roads: tuple[tuple[str, str], ...]
    track: tuple[TrackStep, ...]
    orders: dict[str, tuple[int, ...]]  # id -> count per goods kind
    cards: dict[str, Card]
    city: dict[str, City] = field(default_factory=dict)
    neighbours: dict[str, frozenset[str]] = field(default_factory=dict)
    region_cities: dict[str, tuple[str, ...]] = field(default_factory=dict)
    deck: tuple[str, ...] = ()
    statuses: dict[str, str] = field(default_factory=dict)  # section -> confirmed/reconstructed

    @property
    def top(self) -> int:
        return len(self.track) - 1

    def city_name(self, city: str, lang: str) -> str:
        record = self.city[city]
        return record.ja if lang == "ja" else record.en

    def region_name(self, region: str, lang: str) -> str:
        for r in self.regions:
            if r.id == region:
                return r.ja if lang == "ja" else r.en
        return region


def _fail(source: str, record: str, reason: str, ja: str | None = None) -> InvalidData:
    return InvalidData(f"{source}: {record}: {reason}", f"{source}: {record}: {ja or reason}")


def _records(source: str, raw: dict[str, Any], key: str, model: type[_Record]) -> list[Any]:
    items = raw.get(key)
    if not isinstance(items, list) or not items:
        raise _fail(source, key, "missing or empty list", "リストがないか空です")
    out = []
    for index, item in enumerate(items):
        name = item.get("id") if isinstance(item, dict) else None
        where = f"{key}[{index}]" + (f" ({name})" if name else "")
        try:
            out.append(model.model_validate(item))
        except ValidationError as error:
            problem = error.errors()[0]
            loc = ".".join(str(p) for p in problem["loc"])
            raise _fail(source, where, f"{loc}: {problem['msg']}") from None
    return out


def load_data(text: str, source: str) -> Data:
    """Parse and check a data file; InvalidData naming file, record and reason."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise _fail(
            source, "file", f"not valid JSON: {error}", f"JSONではありません: {error}"
        ) from None
    if not isinstance(raw, dict):
        raise _fail(source, "file", "expected a JSON object", "JSONオブジェクトが必要です")
    try:
        rules = RulesRecord.model_validate(raw.get("rules"))
    except ValidationError as error:
        problem = error.errors()[0]
        loc = ".".join(str(p) for p in problem["loc"])
        raise _fail(source, "rules", f"{loc}: {problem['msg']}") from None
    regions: list[Region] = _records(source, raw, "regions", Region)
    cities: list[City] = _records(source, raw, "cities", City)
    roads: list[Road] = _records(source, raw, "roads", Road)
    track: list[TrackStep] = _records(source, raw, "favour_track", TrackStep)
    orders: list[OrderCard] = _records(source, raw, "order_cards", OrderCard)
    plans: list[PlanRecord] = _records(source, raw, "plan_cards", PlanRecord)
    checks = _Checks(source, rules, regions, cities, roads, track, orders, plans)
    checks.run()
    cards = {p.id: _flatten(p) for p in plans}
    city_index = {c.id: c for c in cities}
    neighbours: dict[str, set[str]] = {c.id: set() for c in cities}
    for road in roads:
        neighbours[road.a].add(road.b)
        neighbours[road.b].add(road.a)

    def status(records: list[Any]) -> str:
        kinds = {r.status for r in records}
        return "confirmed" if kinds == {"confirmed"} else "reconstructed"

    return Data(
        source=source,
        rules=rules,
        regions=tuple(regions),
        cities=tuple(cities),
        roads=tuple((r.a, r.b) for r in roads),
        track=tuple(track),
        orders={o.id: tuple(o.goods.get(g, 0) for g in GOODS) for o in orders},
        cards=cards,
        city=city_index,
        neighbours={k: frozenset(v) for k, v in neighbours.items()},
        region_cities={r.id: tuple(c.id for c in cities if c.region == r.id) for r in regions},
        deck=tuple(cards),
        statuses={
            "rules": rules.status,
            "regions": status(regions),
            "cities": status(cities),
            "roads": status(roads),
            "favour_track": status(track),
            "order_cards": status(orders),
            "plan_cards": status(plans),
        },
    )


def _flatten(p: PlanRecord) -> Card:
    icons = tuple((p.top.icons or {}).get(k, 0) for k in KINDS)
    a = p.action
    b = p.bonus
    amount = {
        "DISCARD_FOR_VP": a.vp,
        "VP_PER_BOOK": a.vp,
        "DISCARD_FOR_FAVOUR": a.favour,
        "DRAW_PER_BOOK": a.draw,
        "DRAW": a.n,
        "VP_PER_GOODS_SET": a.vp,
        "VP": a.n,
    }.get(a.type)
    times = 0 if a.times == "any" else (a.times or 1)
    own = tuple((KINDS.index(k), n) for k, n in ((b.if_.own or {}) if b and b.if_ else {}).items())
    return Card(
        id=p.id,
        colour=p.colour,
        tpl=p.tpl,
        cities=p.top.cities or (),
        icons=icons,
        action=a.type,
        goods=tuple(KINDS.index(g) for g in (a.goods or ())),
        discard=a.discard or 0,
        amount=amount or 0,
        times=times,
        has_bonus=b is not None,
        bonus_own=own,
        bonus_same_colour=bool(b and b.if_ and b.if_.discarded_same_colour),
        bonus_pay=b.pay.discard if b and b.pay else 0,
        bonus_or_pay=b.or_pay.discard if b and b.or_pay else 0,
        bonus_vp=(b.vp or 0) if b else 0,
        bonus_favour=(b.favour or 0) if b else 0,
        bonus_draw=(b.draw or 0) if b else 0,
        bonus_region_vp=(b.vp_per_own_house_in_region or 0) if b else 0,
        status=p.status,
    )


def _reconstructed(records: list[Any]) -> bool:
    """Checks of our own design's shape apply to a section only while all of it is ours."""
    return all(r.status == "reconstructed" for r in records)


@dataclass
class _Checks:
    """The consistency checks D1–D16 of the digest's §2.9 (D3 holds by rule)."""

    source: str
    rules: RulesRecord
    regions: list[Region]
    cities: list[City]
    roads: list[Road]
    track: list[TrackStep]
    orders: list[OrderCard]
    plans: list[PlanRecord]

    def fail(self, record: str, reason: str) -> InvalidData:
        return _fail(self.source, record, reason)

    def run(self) -> None:
        self.unique()
        self.d1_d2_map()
        self.d4_roads()
        self.d5_to_d12_cards()
        self.d13_track()
        self.d14_orders()
        self.d15_d16_supply()

    def unique(self) -> None:
        for name, records in (
            ("regions", self.regions),
            ("cities", self.cities),
            ("order_cards", self.orders),
            ("plan_cards", self.plans),
        ):
            seen: set[str] = set()
            for r in records:
                if r.id in seen:
                    raise self.fail(f"{name} ({r.id})", "duplicate id")
                seen.add(r.id)

    def d1_d2_map(self) -> None:
        region_ids = {r.id for r in self.regions}
        if len(self.regions) != 3:
            raise self.fail("regions", f"D1: expected 3 regions, found {len(self.regions)}")
        for c in self.cities:
            if c.region not in region_ids:
                raise self.fail(f"cities ({c.id})", f"unknown region {c.region!r}")
            if (c.feature == "goods") != (c.goods is not None):
                raise self.fail(f"cities ({c.id})", "a goods city names one goods kind, no other")
        for region in self.regions:
            members = [c for c in self.cities if c.region == region.id]
            if len(members) != 6:
                raise self.fail(
                    f"regions ({region.id})", f"D1: expected 6 cities, found {len(members)}"
                )
            if _reconstructed(self.cities):
                features = sorted(c.goods or c.feature for c in members)
                if features != sorted(("crown", "one", *GOODS)):
                    raise self.fail(
                        f"regions ({region.id})",
                        "D1: expected 1 crown, 1 '1' city and one city per goods kind",
                    )
        for kind in GOODS:
            supply = sum(1 for c in self.cities if c.goods == kind)
            if supply * self.rules.players_max > self.rules.goods_per_kind:
                raise self.fail(
                    f"goods ({kind})",
                    f"D2: {supply} cities × {self.rules.players_max} players need more than "
                    f"the {self.rules.goods_per_kind} tiles",
                )

    def d4_roads(self) -> None:
        ids = {c.id for c in self.cities}
        seen: set[frozenset[str]] = set()
        adjacent: dict[str, set[str]] = {c: set() for c in ids}
        for index, road in enumerate(self.roads):
            where = f"roads[{index}] ({road.a}-{road.b})"
            for end in (road.a, road.b):
                if end not in ids:
                    raise self.fail(where, f"D4: unknown city {end!r}")
            if road.a == road.b:
                raise self.fail(where, "D4: a road cannot loop to its own city")
            key = frozenset((road.a, road.b))
            if key in seen:
                raise self.fail(where, "D4: duplicate road")
            seen.add(key)
            adjacent[road.a].add(road.b)
            adjacent[road.b].add(road.a)
        if _component(adjacent, ids) != ids:
            raise self.fail("roads", "D4: the map is not connected")
        region_of = {c.id: c.region for c in self.cities}
        for region in self.regions:
            members = {c for c in ids if region_of[c] == region.id}
            inner = {c: adjacent[c] & members for c in members}
            if _component(inner, members) != members:
                raise self.fail(f"regions ({region.id})", "D4: the region is not connected")
        if _reconstructed(self.roads):
            if len(self.roads) != 28:
                raise self.fail("roads", f"D4: expected 28 roads, found {len(self.roads)}")
            between = sum(1 for r in self.roads if region_of[r.a] != region_of[r.b])
            if between != 7:
                raise self.fail("roads", f"D4: expected 7 roads between regions, found {between}")
            at = {c.id: (c.x, c.y) for c in self.cities}
            for (i, r), (j, s) in combinations(enumerate(self.roads), 2):
                if {r.a, r.b} & {s.a, s.b}:
                    continue
                if _cross(at[r.a], at[r.b], at[s.a], at[s.b]):
                    raise self.fail(f"roads[{i}] ({r.a}-{r.b})", f"D4: crosses roads[{j}]")

    def d5_to_d12_cards(self) -> None:
        rules = self.rules
        region_of = {c.id: c.region for c in self.cities}
        region_ids = {r.id for r in self.regions}
        if len(self.plans) != rules.plan_cards:
            raise self.fail(
                "plan_cards", f"D5: expected {rules.plan_cards} cards, found {len(self.plans)}"
            )
        for p in self.plans:
            where = f"plan_cards ({p.id})"
            if p.colour not in region_ids:
                raise self.fail(where, f"unknown colour {p.colour!r}")
            if p.tpl not in TEMPLATES:
                raise self.fail(where, f"D8: unknown template {p.tpl!r}")
            action, bonus = TEMPLATES[p.tpl]
            if p.action.type != action:
                raise self.fail(where, f"D8: {p.tpl} is a {action} action, not {p.action.type}")
            builds = action in BUILDS
            if builds != (p.top.cities is not None) or (p.top.cities is None) == (
                p.top.icons is None
            ):
                raise self.fail(where, "D7: building cards show 3 cities, others show icons")
            if p.top.cities is not None:
                cities = p.top.cities
                if len(cities) != 3 or len(set(cities)) != 3:
                    raise self.fail(where, "D6: a city card names 3 different cities")
                for city in cities:
                    if region_of.get(city) != p.colour:
                        raise self.fail(where, f"D6: {city!r} is not a city of {p.colour}")
            if p.top.icons is not None and (
                not p.top.icons or any(k not in KINDS or n < 1 for k, n in p.top.icons.items())
            ):
                raise self.fail(where, "D7: icons are 1 or more of " + ", ".join(KINDS))
            self._action(where, p)
            self._bonus(where, p, bonus)
        if _reconstructed(self.plans):
            self._design_counts()

    def _action(self, where: str, p: PlanRecord) -> None:
        a = p.action
        need = {
            "BUILD_LISTED": (),
            "BUILD_REGION": ("discard",),
            "MARKET": ("goods",),
            "DISCARD_FOR_VP": ("discard", "vp"),
            "VP_PER_BOOK": ("vp",),
            "DISCARD_FOR_FAVOUR": ("discard", "favour"),
            "DRAW_PER_BOOK": ("draw",),
            "DRAW": ("n",),
            "VP_PER_GOODS_SET": ("vp",),
            "VP": ("n",),
        }[a.type]
        given = {k for k, v in a.model_dump(exclude={"type", "times"}).items() if v is not None}
        if given != set(need):
            raise self.fail(where, f"D8: {a.type} takes exactly: {', '.join(need) or 'nothing'}")
        if a.goods is not None and (a.goods[0] == a.goods[1] or not set(a.goods) <= set(GOODS)):
            raise self.fail(where, "D9: a market names two different goods kinds")
        if a.times is not None and a.type not in ("DISCARD_FOR_VP", "DISCARD_FOR_FAVOUR"):
            raise self.fail(where, "D12: only discarding actions carry an arrow here")
        if isinstance(a.times, int) and a.times < 1:
            raise self.fail(where, "D12: an arrow's number is 1 or more")
        for key in ("discard", "vp", "favour", "draw", "n"):
            value = getattr(a, key)
            if value is not None and value < 1:
                raise self.fail(where, f"D8: {key} must be at least 1")

    def _bonus(self, where: str, p: PlanRecord, shape: str) -> None:
        b = p.bonus
        if shape == "none":
            if b is not None:
                raise self.fail(where, "D8: markets have no bonus")
            return
        if b is None:
            raise self.fail(where, "D8: every card but a market has a bonus")
        condition, reward = shape.split(">")
        own = b.if_.own if b.if_ else None
        same = bool(b.if_ and b.if_.discarded_same_colour)
        shapes = {
            "same_colour": same and own is None and b.pay is None and b.or_pay is None,
            "pay": b.if_ is None and b.pay is not None and b.or_pay is None,
            "own": own is not None and not same and b.pay is None and b.or_pay is None,
            "own|pay": own is not None and b.or_pay is not None and b.pay is None,
        }
        if not shapes[condition]:
            raise self.fail(where, f"D8: {p.tpl}'s bonus condition is {condition}")
        rewards = {
            "favour": b.favour,
            "vp": b.vp,
            "draw": b.draw,
            "region_vp": b.vp_per_own_house_in_region,
        }
        if [k for k, v in rewards.items() if v is not None] != [reward]:
            raise self.fail(where, f"D8: {p.tpl}'s bonus gives {reward} only")
        if any(v is not None and v < 1 for v in rewards.values()):
            raise self.fail(where, "D8: a bonus gives at least 1")
        for kind, n in (own or {}).items():
            if kind not in KINDS or n < 1:
                raise self.fail(where, f"D11: bad condition {kind}: {n}")
            limit = 3 + 9 if kind in GOODS else 21
            if n > limit:
                raise self.fail(where, f"D11: {n} × {kind} can never be owned")

    def _design_counts(self) -> None:
        counts: dict[str, int] = {}
        for p in self.plans:
            counts[p.tpl] = counts.get(p.tpl, 0) + 1
        expected = {"T1": 18, "T9": 3, "T10": 3, **{f"T{i}": 6 for i in range(2, 9)}}
        expected.update({f"T{i}": 9 for i in range(11, 15)})
        for tpl, n in expected.items():
            if counts.get(tpl, 0) != n:
                raise self.fail(
                    f"plan_cards ({tpl})", f"D5: expected {n} cards, found {counts.get(tpl, 0)}"
                )
        appearances: dict[str, int] = {c.id: 0 for c in self.cities}
        for p in self.plans:
            for city in p.top.cities or ():
                appearances[city] += 1
        for city, n in appearances.items():
            if n != 7:
                raise self.fail(f"cities ({city})", f"D6: on {n} cards, expected 7")
        for region in self.regions:
            pairs = sorted(
                tuple(sorted(p.action.goods or ()))
                for p in self.plans
                if p.colour == region.id and p.action.type == "MARKET"
            )
            if pairs != sorted(tuple(sorted(c)) for c in combinations(GOODS, 2)):
                raise self.fail(f"regions ({region.id})", "D9: one market per goods pair")
            icons = {k: 0 for k in KINDS}
            for p in self.plans:
                if p.colour == region.id:
                    for k, n in (p.top.icons or {}).items():
                        icons[k] += n
            if icons != {**{g: 3 for g in GOODS}, "cannon": 7, "book": 7}:
                raise self.fail(f"regions ({region.id})", f"D10: icon counts {icons}")
        arrows = [p for p in self.plans if p.action.times is not None]
        if len(arrows) != 3 or any(p.action.times != 2 for p in arrows):
            raise self.fail("plan_cards", "D12: expected 3 cards with the arrow 2")

    def d13_track(self) -> None:
        for index, step in enumerate(self.track):
            if step.position != index:
                raise self.fail(f"favour_track[{index}]", f"D13: position should be {index}")
            if index:
                before = self.track[index - 1]
                for key in ("hand_limit", "vp", "multiplier"):
                    if getattr(step, key) < getattr(before, key):
                        raise self.fail(f"favour_track[{index}]", f"D13: {key} decreases")
        if self.track[0].hand_limit != 3:
            raise self.fail("favour_track[0]", "D13: the hand limit starts at 3")
        if not any(s.hand_limit == 6 for s in self.track):
            raise self.fail("favour_track", "D13: the rulebook's example needs a hand limit of 6")
        if not any(s.multiplier == 3 for s in self.track):
            raise self.fail("favour_track", "D13: the rulebook's example needs a multiplier of 3")
        top = self.track[-1].hand_limit
        need = self.rules.players_max * (top + 11)
        if need > self.rules.plan_cards:
            raise self.fail(
                "favour_track",
                f"B2: {self.rules.players_max} × ({top} + 11) = {need} cards could be out of "
                f"the deck, more than {self.rules.plan_cards}",
            )

    def d14_orders(self) -> None:
        if len(self.orders) != self.rules.order_cards:
            raise self.fail(
                "order_cards", f"D14: expected {self.rules.order_cards}, found {len(self.orders)}"
            )
        supply = {g: sum(1 for c in self.cities if c.goods == g) for g in GOODS}
        for o in self.orders:
            where = f"order_cards ({o.id})"
            if not set(o.goods) <= set(GOODS):
                raise self.fail(where, "D14: order cards show goods only")
            if sum(o.goods.values()) != self.rules.order_goods:
                raise self.fail(where, f"D14: shows {sum(o.goods.values())} goods, not 7")
            for g, n in o.goods.items():
                if n > supply[g]:
                    raise self.fail(where, f"D14: {n} × {g} but only {supply[g]} cities")

    def d15_d16_supply(self) -> None:
        r = self.rules
        handed = (r.players_max - 2) * r.decades
        if handed > r.jokers:
            raise self.fail("rules", f"D15: up to {handed} jokers but only {r.jokers}")
        if r.houses >= len(self.cities):
            raise self.fail("rules", "D16: a player needs fewer houses than there are cities")


def _component(adjacent: dict[str, set[str]], nodes: set[str]) -> set[str]:
    if not nodes:
        return set()
    start = next(iter(sorted(nodes)))
    seen = {start}
    todo = [start]
    while todo:
        for other in adjacent[todo.pop()]:
            if other in nodes and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _cross(
    p1: tuple[int, int], p2: tuple[int, int], q1: tuple[int, int], q2: tuple[int, int]
) -> bool:
    def side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (value > 0) - (value < 0)

    return side(p1, p2, q1) * side(p1, p2, q2) < 0 and side(q1, q2, p1) * side(q1, q2, p2) < 0


SHIPPED = "games/catherine/data.json"


def shipped_text() -> str:
    return resources.files(__package__).joinpath("data.json").read_text("utf-8")


DATA: Data = load_data(shipped_text(), SHIPPED)
