"""Catan card game rules: derived values, payments, legal moves and their effects (digest §1)."""

from __future__ import annotations

from functools import cache
from typing import Any, Final, Literal, NamedTuple, TypeAlias, cast

from games.base import Event, IllegalMove, Rng
from games.catan.data import RESOURCES, CatanData, Resource
from games.catan.models import (
    Build,
    Building,
    CityEvent,
    Counts,
    Discard,
    Draw,
    EndExchange,
    Guild,
    Look,
    MarketSwap,
    Move,
    Pending,
    Pick,
    PileSwap,
    PlayerState,
    Return,
    State,
    Trade,
)
from games.fastbuild import build, replace
from games.fastbuild import event as new_event

INDEX: Final = {r: i for i, r in enumerate(RESOURCES)}
_MOVES: Final[dict[tuple[Any, ...], Any]] = {}


def _move(cls: type[Any], **fields: Any) -> Any:
    """A move object, made once per distinct value: moves are immutable and legal_moves is hot."""
    key = (cls, *fields.values())
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) > 50_000:  # seat names vary between tables: keep the cache bounded
            _MOVES.clear()
        found = _MOVES[key] = cls.model_construct(**fields)
    return found


# The moves that name no seat, made once: legal_moves only looks them up.
PILE: Final = {r: PileSwap.model_construct(kind="pile", give=r) for r in RESOURCES}
MARKET: Final = {
    (g, t): MarketSwap.model_construct(kind="market", give=g, take=t)
    for g in RESOURCES
    for t in RESOURCES
    if g != t
}
PICK: Final = {r: Pick.model_construct(kind="pick", card=r) for r in RESOURCES}
DISCARD: Final = {r: Discard.model_construct(kind="discard", card=r) for r in RESOURCES}
END: Final = EndExchange.model_construct(kind="end")


class Seat:
    """A player on a playout kernel's table: the kernel's own mutable copy of a `PlayerState`
    (a native class once compiled, so reading it costs no pydantic `__getattr__` hook)."""

    __slots__ = ("buildings", "hand", "held", "id", "knights", "roads")

    def __init__(self, player: Player) -> None:
        self.id: str = player.id
        self.hand: Counts = player.hand
        self.roads: int = player.roads
        self.knights: int = player.knights
        self.buildings: tuple[Building, ...] = player.buildings
        # `holdings`' entry for this seat's buildings, kept here: no lookup in the shared cache.
        self.held: tuple[Any, CatanData, Holdings] | None = None

    def frozen(self) -> PlayerState:
        """The `PlayerState` this seat stands at."""
        return build(
            PlayerState,
            {
                "id": self.id,
                "hand": self.hand,
                "roads": self.roads,
                "knights": self.knights,
                "buildings": self.buildings,
            },
        )


# What the rules read of a player: a state's `PlayerState`, or a kernel's `Seat`. A union, not
# a protocol: compiled, a read dispatches on the class and takes a `Seat`'s field directly.
Player = PlayerState | Seat


# What the legality rules read of a position: a `State`, or a `Turn` (a mutable copy of one,
# below) while it plays a move or a whole playout, so that both list moves by the same rules. A
# union like `Player`: compiled, a read of a Turn's field is direct, where a protocol would
# look every one up by name.
Table: TypeAlias = "State | Turn"


ROW_KINDS: Final = ("road", "knight")
BASIC_BUILDS: Final = ("road", "knight", "settlement", "city")

# ---------------------------------------------------------------- derived values


def allowance(player: Player) -> int:
    """Side-A roads: the row reads A, B, A, … so that is ⌈roads ÷ 2⌉."""
    return (player.roads + 1) // 2


def knight_bonus(player: Player) -> int:
    return (player.knights + 1) // 2


class Holdings(NamedTuple):
    """What a player's settlement/city cards allow, worked out once per buildings tuple."""

    abilities: frozenset[str]
    names: frozenset[str]  # expansion names owned
    settlement: bool  # a settlement that may become a city
    open_city: bool  # a city without an expansion
    points: int  # VP of the buildings: `vp_parts`' settlements, cities and expansions


# States share a player's buildings tuple until it changes, so its identity is a good key; the
# tuple is kept in the entry so that its id cannot be reused while the entry lives.
_HOLDINGS: Final[dict[int, tuple[Any, CatanData, Holdings]]] = {}


def holdings(player: Player, data: CatanData) -> Holdings:
    buildings = player.buildings
    seat = player if isinstance(player, Seat) else None
    found = _HOLDINGS.get(id(buildings)) if seat is None else seat.held
    if found is not None and found[0] is buildings and found[1] is data:
        return found[2]
    cards = [data.expansion(b.expansion) for b in buildings if b.expansion is not None]
    parts = vp_parts(player, data)
    result = Holdings(
        abilities=frozenset(c.ability for c in cards if c.ability),
        names=frozenset(str(c.name) for c in cards),
        settlement=any(not b.city for b in buildings),
        open_city=any(b.city and b.expansion is None for b in buildings),
        points=parts["settlements"] + parts["cities"] + parts["expansions"],
    )
    if len(_HOLDINGS) > 20_000:
        _HOLDINGS.clear()
    _HOLDINGS[id(buildings)] = (buildings, data, result)
    if seat is not None:
        seat.held = (buildings, data, result)
    return result


def owned_names(player: Player, data: CatanData) -> set[str]:
    return set(holdings(player, data).names)


def vp_parts(player: Player, data: CatanData) -> dict[str, int]:
    """Where a player's VP come from (digest §1.11)."""
    parts = {"settlements": 0, "cities": 0, "expansions": 0, "roads": player.roads // 2}
    parts["knights"] = player.knights // 2
    for b in player.buildings:
        if b.expansion is not None:
            parts["expansions"] += int(data.expansion(b.expansion).vp or 0)
        elif b.city:
            parts["cities"] += 2
        else:
            parts["settlements"] += 1
    return parts


def vp(player: Player, data: CatanData) -> int:
    """The sum of `vp_parts`, with the buildings' part from `holdings` (worked out once per
    buildings tuple: legal_moves asks for every seat's VP whenever the Händlergilde is held)."""
    return holdings(player, data).points + player.roads // 2 + player.knights // 2


class Lookups:
    """What the rules look up in one data set on every move, read once (CatanData's own
    lookups are Python methods, which compiled rules pay a call into the interpreter for), and
    the caches that hold for that data set alone (`build_ways`, `draws`)."""

    def __init__(self, data: CatanData) -> None:
        self.data = data
        # The expansion name of each expansion card id, and the direction per side up.
        self.names = {c.id: str(c.name) for c in data.cards if c.kind == "city_expansion"}
        self.clockwise = (data.clockwise(False), data.clockwise(True))
        # The ways to pay each cost key (the thing built, or an expansion's card id), without
        # and with the Universität: legal_moves asks for them at every build phase, and
        # `build_cost` looks the cost up by name.
        self.ways: dict[str, Ways] = {}
        self.university_ways: dict[str, Ways] = {}
        # The Draw moves by knight bonus (`draws`), and the base draw they start from.
        self.base_draw: int = data.constants.base_draw
        self.draws: dict[int, tuple[Draw, ...]] = {}


_LOOKUPS: Final[list[Lookups]] = []


def lookups(data: CatanData) -> Lookups:
    """`Lookups` of `data`: one data set at a time (a game keeps one; tests load their own)."""
    if not _LOOKUPS or _LOOKUPS[0].data is not data:
        _LOOKUPS[:] = [Lookups(data)]
    return _LOOKUPS[0]


def exchange_limit(state: Table) -> int:
    """How many exchanges this turn: the allowance, or one draw-pile exchange without roads."""
    return state.allowance if state.allowance else 1


# ---------------------------------------------------------------- payments


# Hot lookups are plain dicts emptied when full, not lru_cache: an lru entry adds a linked-list
# node the garbage collector must walk, and on a cold pass these caches are what fills the oldest
# generation and triggers full collections.
MEMO_LIMIT: Final = 32768


class Ways:
    """Every way to pay one cost (with or without the Universität), whatever the hand.

    A way is paid from a hand exactly when the hand holds its cards: the enumeration only ever
    asks whether the hand still holds what it pays, and what it has paid only grows. So the
    ways are enumerated once, from a hand too large to limit any of them, and a hand's payments
    are the ways it holds, found with one bit set per way (bit i: `all[i]`, in `payments`'
    order): `fits[r][n]` marks the ways paying at most n cards of resource r. Whether a way
    needs the Universität does not depend on the hand either (every derivation of a way pays
    the same cards). test_catan_payments compares this with the enumeration over many hands.
    """

    def __init__(self, cost: Counts, university: bool) -> None:
        self.cost = cost
        self.university = university
        unlimited = 3 * sum(cost) + 3  # a way pays at most 3 × the whole cost of one resource
        self.all = enumerate_payments((unlimited,) * 5, cost, university)
        self.needs_university = dict(self.all)
        self.fits: list[list[int]] = []
        for resource in range(5):
            exactly = [0] * (max((pay[resource] for pay, _ in self.all), default=0) + 1)
            for i, (pay, _) in enumerate(self.all):
                exactly[pay[resource]] |= 1 << i
            at_most = 0
            fits = []
            for bits in exactly:
                at_most |= bits
                fits.append(at_most)
            self.fits.append(fits)
        # The Build move of each way, per thing built, made when first listed; and the Build
        # moves of the hands that pay something, by (hand, thing built), once listed.
        self.moves: dict[str, list[Build | None]] = {}
        self.listed: dict[tuple[Counts, str], list[Move]] = {}

    def held(self, hand: Counts) -> int:
        """The ways `hand` can pay, as bits."""
        fits = self.fits  # each resource by a constant index (see `cannot_pay`)
        return (
            _fits(fits[0], hand[0])
            & _fits(fits[1], hand[1])
            & _fits(fits[2], hand[2])
            & _fits(fits[3], hand[3])
            & _fits(fits[4], hand[4])
        )

    def payments(self, hand: Counts) -> tuple[tuple[Counts, bool], ...]:
        every = self.all
        return tuple([every[i] for i in _bits(self.held(hand))])

    def build_moves(self, hand: Counts, what: str) -> list[Move]:
        """A Build move for `what` per way `hand` can pay, in `payments`' order (looked up
        once listed: not to be changed by the caller)."""
        if cannot_pay(hand, self.cost, self.university):
            # Most hands pay no build, and this says so in a few steps, where `held` ANDs bit
            # sets of up to 2,000 ways (one per way: a Python long each).
            return []
        listed = self.listed.get((hand, what))
        if listed is None:
            if len(self.listed) >= MEMO_LIMIT:
                self.listed.clear()
            listed = self.listed[hand, what] = self._build_moves(hand, what)
        return listed

    def _build_moves(self, hand: Counts, what: str) -> list[Move]:
        made = self.moves.get(what)
        if made is None:
            made = self.moves[what] = [None] * len(self.all)
        moves: list[Move] = []
        for i in _bits(self.held(hand)):
            move = made[i]
            if move is None:
                move = made[i] = _build_move(what, self.all[i][0])
            moves.append(move)
        return moves


def _fits(counts: list[int], have: int) -> int:
    """The ways paying at most `have` cards of one resource (`Ways.fits`), as bits."""
    return counts[have] if have < len(counts) else counts[-1]


def _bits(found: int) -> list[int]:
    """The positions of the bits set in `found`, lowest first."""
    positions = []
    while found:
        low = found & -found
        positions.append(low.bit_length() - 1)
        found ^= low
    return positions


# Build moves name no seat: there are only so many (what, payment) pairs.
_BUILDS: Final[dict[tuple[str, Counts], Build]] = {}


def _build_move(what: str, pay: Counts) -> Build:
    """The move building `what` with `pay`, made once (with or without the Universität)."""
    move = _BUILDS.get((what, pay))
    if move is None:
        move = _BUILDS[what, pay] = Build.model_construct(kind="build", what=what, pay=pay)
    return move


_WAYS: Final[dict[tuple[Counts, bool], Ways]] = {}


def ways(cost: Counts, university: bool) -> Ways:
    found = _WAYS.get((cost, university))
    if found is None:
        found = _WAYS[cost, university] = Ways(cost, university)  # a handful of costs
    return found


def payments(hand: Counts, cost: Counts, university: bool) -> tuple[tuple[Counts, bool], ...]:
    """Every way to pay `cost` from `hand`: (cards paid, whether the Universität is needed).

    Each required card is paid by itself, by 3 cards of one other resource (3-for-1), or, once
    with the Universität, by 1 card of another resource. Substituting a resource by itself is
    never useful and is left out, so each payment lists distinct cards. Ordered by the number
    of cards paid, then without the Universität first.
    """
    if cannot_pay(hand, cost, university):
        return ()
    return ways(cost, university).payments(hand)


def enumerate_payments(
    hand: Counts, cost: Counts, university: bool
) -> tuple[tuple[Counts, bool], ...]:
    """`payments` by searching the hand (the definition `Ways` is built from and tested
    against), without the quick rejection of `cannot_pay`."""
    if sum(hand) < sum(cost):
        return ()
    needs = [i for i in range(5) if cost[i]]
    paid = [0, 0, 0, 0, 0]
    found: dict[Counts, bool] = {}

    def per_kind(position: int, used: bool) -> None:
        if position == len(needs):
            key: Counts = (paid[0], paid[1], paid[2], paid[3], paid[4])
            found[key] = found[key] and used if key in found else used
            return
        need = needs[position]
        count = cost[need]
        for direct in range(min(count, hand[need] - paid[need]), -1, -1):
            paid[need] += direct
            substitute(position, need, count - direct, 0, used)
            paid[need] -= direct

    def substitute(position: int, need: int, left: int, start: int, used: bool) -> None:
        # Cover `left` cards of `need` by packs of 3 (sources in non-decreasing order, so each
        # multiset once) or by the one Universität card.
        if not left:
            per_kind(position + 1, used)
            return
        for source in range(start, 5):
            if source != need and hand[source] - paid[source] >= 3:
                paid[source] += 3
                substitute(position, need, left - 1, source, used)
                paid[source] -= 3
        if university and not used:
            for source in range(5):
                if source != need and hand[source] > paid[source]:
                    paid[source] += 1
                    substitute(position, need, left - 1, start, True)
                    paid[source] -= 1

    per_kind(0, False)
    return tuple(sorted(found.items(), key=lambda item: (sum(item[0]), item[1], item[0])))


def cannot_pay(hand: Counts, cost: Counts, university: bool) -> bool:
    """Whether `cost` surely cannot be paid: more cards are missing than the spare packs of 3
    and the Universität card could cover. Paying a card directly never costs more than a pack,
    so no payment covers more; most hands cannot pay most builds, and this says so without
    enumerating (test_catan_payments checks it against the enumeration)."""
    # missing > spare + university, as one sum over the resources, each indexed by a constant:
    # compiled, counts are unboxed and an index that is not a constant boxes them first.
    balance = (
        _balance(hand[0], cost[0])
        + _balance(hand[1], cost[1])
        + _balance(hand[2], cost[2])
        + _balance(hand[3], cost[3])
        + _balance(hand[4], cost[4])
    )
    return balance + university < 0


def _balance(have: int, need: int) -> int:
    """Spare packs of 3 of one resource for a cost, or minus the cards missing."""
    return (have - need) // 3 if have >= need else have - need


# ---------------------------------------------------------------- taking roads and knights


def has_ability(player: Player, data: CatanData, ability: str) -> bool:
    return ability in holdings(player, data).abilities


def take_target(state: Table, seat: int, kind: str, data: CatanData) -> int | None:
    """Whose top road/knight an empty stack sends the builder to (digest §1.8), or None."""
    n = len(state.players)
    step = 1 if lookups(data).clockwise[state.white_up] else -1
    for distance in range(1, n):
        other = (seat + step * distance) % n
        player = state.players[other]
        if kind == "road":
            if player.roads >= 1 and (
                player.roads >= 4 or not has_ability(player, data, "city_fortress")
            ):
                return other
        elif player.knights >= 1 and (
            player.knights >= 2 or not has_ability(player, data, "church")
        ):
            return other
    return None


# ---------------------------------------------------------------- legal moves


def build_options(state: Table, seat: int, data: CatanData) -> list[tuple[str, str]]:
    """(what, cost kind) the seat may build now, before payment: the preconditions of §1.7."""
    player = state.players[seat]
    options: list[tuple[str, str]] = []
    if "road" not in state.built and (
        state.road_stack or take_target(state, seat, "road", data) is not None
    ):
        options.append(("road", "road"))
    if "knight" not in state.built and (
        state.knight_stack or take_target(state, seat, "knight", data) is not None
    ):
        options.append(("knight", "knight"))
    if "settlement" not in state.built and state.settlement_stack:
        options.append(("settlement", "settlement"))
    held = holdings(player, data)
    if "city" not in state.built and held.settlement:
        options.append(("city", "city"))
    if "city_expansion" not in state.built and held.open_city:
        owned = owned_names(player, data)
        names = lookups(data).names
        for card_id in state.expansions:
            name = names[card_id]
            if name not in owned:
                owned.add(name)  # several copies: one choice per name
                options.append((name, card_id))
    return options


def expansion_id(state: Table, name: str, data: CatanData) -> str:
    """The card id `build_options` offers for an expansion name: its first copy in the stack."""
    names = lookups(data).names
    return next(c for c in state.expansions if names[c] == name)


def build_cost(what: str, cost_key: str, data: CatanData) -> Counts:
    if what in BASIC_BUILDS:
        return data.cost(what)  # type: ignore[arg-type, return-value]
    return data.cost("city_expansion", cost_key)  # type: ignore[return-value]


def holds_cards(hand: Counts) -> bool:
    """Whether a hand holds any card (counts indexed by constants: see `cannot_pay`)."""
    return bool(hand[0] or hand[1] or hand[2] or hand[3] or hand[4])


def legal_moves(state: Table, seat: int, data: CatanData) -> list[Move]:
    if state.finished:
        return []
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return []
        source = state.players[pending.target if pending.kind == "library" else seat]  # type: ignore[index]
        held = _held(source.hand)
        if pending.kind == "library":
            return [PICK[r] for r in held]
        return [DISCARD[r] for r in held]
    if seat != state.turn:
        return []
    player = state.players[seat]
    hand = player.hand
    owned = holdings(player, data).abilities
    moves: list[Move] = []
    exchange = state.phase == "exchange"
    if exchange:
        players = state.players
        owing = any(state.owed)
        if owing:
            for other, owed in enumerate(state.owed):
                if owed:
                    target = players[other].id
                    moves += [_return_move(r, target) for r in _held(hand)]
        if state.exchanges < exchange_limit(state):
            moves += _swaps(held_mask(hand), market_mask(state.market) if state.allowance else -1)
            if state.allowance:
                others = [p.id for o, p in enumerate(players) if o != seat and holds_cards(p.hand)]
                moves += [_target_move(Trade, o) for o in others]
                if not state.library_used and "library" in owned:
                    moves += [_target_move(Look, o) for o in others]
    else:
        university = not state.university_used and "university" in owned
        moves += build_listing(build_options(state, seat, data), university, hand, data)
    if "merchant_guild" in owned:
        moves += guild_moves(state, seat, data)
    if exchange:
        if not owing:
            moves.append(END)
    else:
        moves += draws(lookups(data), knight_bonus(player))
    return moves


# Per move class, by seat name: a lookup by the name alone (its hash is kept by the string).
_TARGETED: Final[dict[type[Any], dict[str, Any]]] = {Trade: {}, Look: {}, Guild: {}}


def _target_move(cls: type[Any], target: str) -> Any:
    """A Trade, Look or Guild move aimed at `target`, made once per seat name (like `_move`)."""
    made = _TARGETED[cls]
    found = made.get(target)
    if found is None:
        if len(made) >= MEMO_LIMIT:
            made.clear()
        found = made[target] = _move(cls, kind=cls.model_fields["kind"].default, target=target)
    return found


_RETURNS: Final[dict[tuple[Resource, str], Move]] = {}


def _return_move(card: Resource, target: str) -> Move:
    """The move returning `card` to `target`, made once per (card, seat name) (like `_move`,
    without building its keyword arguments per listing)."""
    found = _RETURNS.get((card, target))
    if found is None:
        if len(_RETURNS) >= MEMO_LIMIT:
            _RETURNS.clear()
        found = _RETURNS[card, target] = _move(Return, kind="return", card=card, target=target)
    return found


def draws(known: Lookups, bonus: int) -> tuple[Draw, ...]:
    """The Draw moves with a knight bonus of `bonus` (`Lookups.draws`)."""
    found = known.draws.get(bonus)
    if found is None:
        base = known.base_draw
        found = known.draws[bonus] = tuple([_draw_move(n) for n in range(base, base + bonus + 1)])
    return found


# The exchanges with the pile and the market by (resources held, resources in the market or
# none), both as masks (`_swaps`): made once each, 32 × 33 at most.
_SWAPS: Final[list[tuple[Move, ...] | None]] = [None] * (32 * 33)


def _swaps(held: int, market: int) -> tuple[Move, ...]:
    """Exchanges with the draw pile for the resources of mask `held`, and with the market of
    mask `market` unless it is -1 (no side-A road; bit i: RESOURCES[i], see `HELD_BY_MASK`)."""
    index = held + 32 * (market + 1)
    found = _SWAPS[index]
    if found is None:
        given = HELD_BY_MASK[held]
        moves: list[Move] = [PILE[r] for r in given]
        if market >= 0:
            offered = HELD_BY_MASK[market]
            moves += [MARKET[g, t] for g in given for t in offered if g != t]
        found = _SWAPS[index] = tuple(moves)
    return found


# The resources held, in RESOURCES order, by mask of the resources held (bit i: RESOURCES[i]).
HELD_BY_MASK: Final = tuple(
    tuple([r for i, r in enumerate(RESOURCES) if mask >> i & 1]) for mask in range(32)
)


def held_mask(hand: Counts) -> int:
    """The mask of the resources a hand holds (counts indexed by constants: see `cannot_pay`)."""
    return (
        (1 if hand[0] else 0)
        | (2 if hand[1] else 0)
        | (4 if hand[2] else 0)
        | (8 if hand[3] else 0)
        | (16 if hand[4] else 0)
    )


def market_mask(market: tuple[Resource, ...]) -> int:
    """The mask of the resources in the market."""
    mask = 0
    for card in market:
        mask |= 1 << INDEX[card]
    return mask


def _held(hand: Counts) -> tuple[Resource, ...]:
    """The resources of which a hand holds at least one card, in RESOURCES order."""
    return HELD_BY_MASK[held_mask(hand)]


@cache
def _draw_move(count: int) -> Draw:
    return Draw.model_construct(kind="draw", count=count)


def _build_moves(hand: Counts, what: str, cost: Counts, university: bool) -> list[Move]:
    """The build moves for one thing to build: one per payment, made once per (what, pay)."""
    return ways(cost, university).build_moves(hand, what)


def build_ways(what: str, cost_key: str, university: bool, data: CatanData) -> Ways:
    """The ways to pay for `what` (`cost_key` names its cost: what is built determines it)."""
    known = lookups(data)
    cached = known.university_ways if university else known.ways
    found = cached.get(cost_key)
    if found is None:
        found = cached[cost_key] = ways(build_cost(what, cost_key, data), university)
    return found


def build_listing(
    options: list[tuple[str, str]], university: bool, hand: Counts, data: CatanData
) -> list[Move]:
    """The Build moves for `options` (`build_options`), option after option. Not cached: most
    hands pay no option, which `Ways.build_moves` tells in a few native steps, fewer than a
    lookup keyed by the options and the hand would take."""
    found: list[Move] = []
    for what, cost_key in options:
        found += build_ways(what, cost_key, university, data).build_moves(hand, what)
    return found


def guild_moves(state: Table, seat: int, data: CatanData) -> list[Move]:
    player = state.players[seat]
    if state.guild_used or not has_ability(player, data, "merchant_guild"):
        return []
    own = vp(player, data)
    return [
        _target_move(Guild, other.id)
        for index, other in enumerate(state.players)
        if index != seat and holds_cards(other.hand) and vp(other, data) >= own
    ]


# ---------------------------------------------------------------- why a move is illegal


def explain(state: State, seat: int, move: Move, data: CatanData) -> IllegalMove:
    """The reason a well-formed move is not legal now, in words a player understands."""

    def no(en: str, ja: str) -> IllegalMove:
        return IllegalMove(en, ja)

    if state.pending is not None:
        return no(
            "First finish the pending choice (a Bibliothek pick or robber discards).",
            "先に保留中の選択（図書館の選択か強盗の捨て札）を終えてください。",
        )
    player = state.players[seat]
    kind = move.kind
    if kind in ("pile", "market", "trade", "look", "return", "end") and state.phase != "exchange":
        return no("The exchange phase is over.", "交換フェイズは終わっています。")
    if kind in ("build", "draw") and state.phase != "build":
        return no("End the exchange phase first.", "先に交換フェイズを終えてください。")
    if kind == "end":
        return no("You still owe a card back.", "まだカードを返していません。")
    if kind in ("pile", "market", "trade", "look"):
        if state.exchanges >= exchange_limit(state):
            return no(
                f"No exchanges left this turn ({state.exchanges} used).",
                f"この手番の交換はもう残っていません（{state.exchanges}回使用済み）。",
            )
        if kind != "pile" and not state.allowance:
            return no(
                "Without a side-A road you may only exchange once with the draw pile.",
                "A面の道がないときは資源の山と1回だけ交換できます。",
            )
        if kind == "look" and state.library_used:
            return no("The Bibliothek is used once per turn.", "図書館は1手番に1回しか使えません。")
        if kind == "look":
            return no("You have no Bibliothek.", "図書館を持っていません。")
    if kind == "guild":
        if state.guild_used:
            return no(
                "The Händlergilde is used once per turn.", "商人ギルドは1手番に1回しか使えません。"
            )
        if not has_ability(player, data, "merchant_guild"):
            return no("You have no Händlergilde.", "商人ギルドを持っていません。")
        return no(
            "The Händlergilde takes only from a player with at least your VP who holds a card.",
            "商人ギルドで引けるのは、勝利ポイントがあなた以上でカードを持つプレイヤーからだけです。",
        )
    if isinstance(move, Build):
        return explain_build(state, seat, move, data)
    if isinstance(move, Draw):
        top = data.constants.base_draw + knight_bonus(player)
        return no(
            f"You draw between {data.constants.base_draw} and {top} cards.",
            f"引ける枚数は{data.constants.base_draw}〜{top}枚です。",
        )
    return no(
        "That card or player is not available for this.",
        "そのカードやプレイヤーはこの行動に使えません。",
    )


def explain_build(state: State, seat: int, move: Build, data: CatanData) -> IllegalMove:
    what = move.what
    kind = what if what in BASIC_BUILDS else "city_expansion"
    if kind in state.built:
        return IllegalMove(
            "You may build each kind only once per turn.",
            "各種類の建物は1手番に1つまでです。",
        )
    options = dict(build_options(state, seat, data))
    if what not in options:
        reasons = {
            "settlement": ("The settlement stack is empty.", "集落の山がありません。"),
            "city": (
                "You have no settlement to turn into a city.",
                "都市にできる集落がありません。",
            ),
            "road": ("No road can be taken from anyone.", "奪える道がありません。"),
            "knight": ("No knight can be taken from anyone.", "奪える騎士がいません。"),
        }
        en, ja = reasons.get(
            what,
            (
                "No such expansion for you: you need a city without one, and not the same name twice.",
                "その都市開発は建てられません（開発のない都市が必要で、同じ名前は2つ建てられません）。",
            ),
        )
        return IllegalMove(en, ja)
    return IllegalMove(
        "That payment does not match the cost (3 alike for 1; Universität once per turn).",
        "支払いがコストに合いません（同じ資源3枚で1枚分、大学は1手番に1回）。",
    )


# ---------------------------------------------------------------- applying moves


# The State fields a Turn keeps as its own attributes (players, hands, owed and events aside).
TABLE_FIELDS: Final = (
    "rng",
    "draw_pile",
    "market",
    "discard",
    "road_stack",
    "knight_stack",
    "settlement_stack",
    "expansions",
    "white_up",
    "turn",
    "phase",
    "allowance",
    "exchanges",
    "built",
    "guild_used",
    "library_used",
    "university_used",
    "pending",
    "finished",
    "winner",
    "turns",
)


class Turn:
    """A mutable working copy of a state: for one move (`apply_move`, which records its events)
    or for a whole playout (`kernel.Kernel`, which records none).

    Between moves, the players' hands are current (`settle`); while a move is applied, the seats
    it touches keep theirs in `hands`. Handlers read and write the fields here directly, so a
    value read after the handler changed it is the changed one.
    Handlers build an event's values only when the turn records them (`if t.record:`), so a
    kernel's moves spend nothing on events.
    """

    rng: Rng
    draw_pile: tuple[Resource, ...]  # piles stay tuples: most moves touch none of them
    market: tuple[Resource, ...]
    discard: tuple[Resource, ...]
    road_stack: int
    knight_stack: int
    settlement_stack: tuple[CityEvent, ...]
    expansions: tuple[str, ...]
    white_up: bool
    turn: int
    phase: Literal["exchange", "build"]
    allowance: int
    exchanges: int
    built: tuple[str, ...]
    guild_used: bool
    library_used: bool
    university_used: bool
    pending: Pending | None
    finished: bool
    winner: int | None
    turns: int

    def __init__(self, state: State, data: CatanData, record: bool = True) -> None:
        self.source = state  # game, options and the id of every seat come from here
        self.data = data
        self.record = record
        # PlayerStates here; a kernel's own `Seat`s there (`kernel.Kernel`, which changes them
        # in place where a Turn replaces a player by a new frozen one: `update`, `settle`).
        self.players: list[Player] = list(state.players)
        # Working hands, copied from the players only for the seats a move touches (`hand`).
        self.hands: dict[int, list[int]] = {}
        self.owed = list(state.owed)
        self.events: list[Event] = []
        values = state.__dict__
        for name in TABLE_FIELDS:
            setattr(self, name, values[name])

    # A player is read from a local of type `Player`: compiled, `self.players[seat].hand` would
    # look `hand` up by name, where a `Player` read dispatches on the class (see `Player`).

    def id(self, seat: int) -> str:
        player: Player = self.players[seat]
        return player.id

    def hand(self, seat: int) -> list[int]:
        """The working hand of `seat`, copied from its player when the move first touches it."""
        found = self.hands.get(seat)
        if found is None:
            player: Player = self.players[seat]
            have = player.hand  # made a list by constant indexes (see `cannot_pay`)
            found = self.hands[seat] = [have[0], have[1], have[2], have[3], have[4]]
        return found

    def seat_of(self, name: str) -> int:
        for seat, player in enumerate(self.players):
            if player.id == name:
                return seat
        raise ValueError(name)

    def event(
        self, kind: str, seat: int | None = None, private_to: int | None = None, **data: Any
    ) -> None:
        if not self.record:
            return
        self.events.append(
            new_event(
                kind,
                None if seat is None else self.players[seat].id,
                None if private_to is None else self.players[private_to].id,
                **data,
            )
        )

    def update(self, seat: int, **changes: Any) -> None:
        self.players[seat] = replace(cast(PlayerState, self.players[seat]), **changes)

    def draw_one(self) -> Resource | None:
        if not self.draw_pile:
            if not self.discard:
                return None
            self.rng, shuffled = self.rng.shuffled(self.discard)
            self.draw_pile = shuffled
            self.discard = ()
            if self.record:
                self.event("reshuffle", size=len(self.draw_pile))
        card = self.draw_pile[0]
        self.draw_pile = self.draw_pile[1:]
        return card

    def random_card(self, seat: int) -> Resource:
        hand = self.hand(seat)
        self.rng, pick = self.rng.randrange(sum(hand))
        for index, count in enumerate(hand):
            if pick < count:
                return RESOURCES[index]
            pick -= count
        raise AssertionError("empty hand")

    def move_card(self, card: Resource, source: int, target: int) -> None:
        self.hand(source)[INDEX[card]] -= 1
        self.hand(target)[INDEX[card]] += 1

    def settle(self) -> None:
        """Put the working hands back into the players."""
        people = self.players
        hands = self.hands
        for seat, h in hands.items():
            hand = (h[0], h[1], h[2], h[3], h[4])
            player = cast(PlayerState, people[seat])
            if hand != player.hand:
                people[seat] = replace(player, hand=hand)
        hands.clear()

    def freeze(self) -> State:
        """The state this table stands at, with the events recorded."""
        self.settle()
        values = self.source.__dict__.copy()
        for name in TABLE_FIELDS:
            values[name] = getattr(self, name)
        values["players"] = tuple([p.frozen() if isinstance(p, Seat) else p for p in self.players])
        values["owed"] = tuple(self.owed)
        values["events"] = tuple(self.events)
        return build(State, values)

    def flip_destiny(self, seat: int) -> None:
        self.white_up = not self.white_up
        if self.record:
            self.event("flip", seat, white=self.white_up)


def apply_move(state: State, seat: int, move: Move, data: CatanData) -> State:
    """The state after a legal move (the caller has checked legality)."""
    t = Turn(state, data)
    play(t, seat, move)
    return t.freeze()


def _pile(t: Turn, seat: int, move: Any) -> None:
    t.hand(seat)[INDEX[move.give]] -= 1
    t.discard += (move.give,)
    if t.record:
        t.event("pile", seat, give=move.give)
    card = t.draw_one()
    if card is not None:
        t.hand(seat)[INDEX[card]] += 1
        if t.record:
            t.event("pile_drawn", seat, seat, card=card)
    t.exchanges += 1


def _market(t: Turn, seat: int, move: Any) -> None:
    # Take the market card first, then put the hand card in its place (X3).
    index = t.market.index(move.take)
    t.market = (*t.market[:index], move.give, *t.market[index + 1 :])
    t.hand(seat)[INDEX[move.take]] += 1
    t.hand(seat)[INDEX[move.give]] -= 1
    if t.record:
        t.event("market", seat, give=move.give, take=move.take)
    t.exchanges += 1


def _taken(t: Turn, seat: int, other: int, card: Resource, kind: str) -> None:
    """A card moved from `other` to `seat`: both learn which, privately; others learn nothing."""
    t.move_card(card, other, seat)
    if t.record:
        t.event(f"{kind}_took", seat, seat, target=t.id(other), card=card)
        t.event(f"{kind}_lost", seat, other, target=t.id(other), card=card)


def _trade(t: Turn, seat: int, move: Any) -> None:
    other = t.seat_of(move.target)
    if t.record:
        t.event("trade", seat, target=move.target)
    _taken(t, seat, other, t.random_card(other), "trade")
    t.owed[other] += 1
    t.exchanges += 1


def _look(t: Turn, seat: int, move: Any) -> None:
    other = t.seat_of(move.target)
    if t.record:
        t.event("look", seat, target=move.target)
        t.event("looked", seat, seat, target=move.target, hand=list(t.hand(other)))
    t.exchanges += 1
    t.library_used = True
    t.pending = _move(Pending, kind="library", seat=seat, target=other, queue=())


def _pick(t: Turn, seat: int, move: Any) -> None:
    assert t.pending is not None and t.pending.target is not None
    other = t.pending.target
    if t.record:
        t.event("pick", seat, target=t.id(other))
    _taken(t, seat, other, move.card, "trade")
    t.owed[other] += 1
    t.pending = None


def _return(t: Turn, seat: int, move: Any) -> None:
    other = t.seat_of(move.target)
    t.move_card(move.card, seat, other)
    t.owed[other] -= 1
    if t.record:
        t.event("return", seat, target=move.target)
        t.event("returned", seat, seat, target=move.target, card=move.card)
        t.event("returned", seat, other, target=move.target, card=move.card)


def _guild(t: Turn, seat: int, move: Any) -> None:
    other = t.seat_of(move.target)
    if t.record:
        t.event("guild", seat, target=move.target)
    _taken(t, seat, other, t.random_card(other), "guild")
    t.guild_used = True


def _end(t: Turn, seat: int, move: Any) -> None:
    t.phase = "build"
    if t.record:
        t.event("end_exchange", seat)


def _build(t: Turn, seat: int, move: Any) -> None:
    data = t.data
    what: str = move.what  # a move's fields read once: each read costs pydantic's hook
    pay: Counts = move.pay
    basic = what in BASIC_BUILDS
    cost_key = what if basic else expansion_id(t, what, data)
    kind = what if basic else "city_expansion"
    university = not t.university_used and has_ability(t.players[seat], data, "university")
    needs_uni = build_ways(what, cost_key, university, data).needs_university[pay]
    hand = t.hand(seat)
    for index, count in enumerate(pay):
        if count:
            hand[index] -= count
            t.discard += (RESOURCES[index],) * count
    t.built = (*t.built, kind)
    if needs_uni:
        t.university_used = True
    player = t.players[seat]
    if t.record:
        t.event("build", seat, what=what, pay=list(pay))
    after_event = None
    if kind in ROW_KINDS:
        stack = f"{kind}_stack"
        if getattr(t, stack):
            setattr(t, stack, getattr(t, stack) - 1)
        else:
            other = take_target(t, seat, kind, data)
            assert other is not None
            field = f"{kind}s"
            t.update(other, **{field: getattr(t.players[other], field) - 1})
            if t.record:
                t.event("row_taken", seat, target=t.id(other), what=kind)
        field = f"{kind}s"
        t.update(seat, **{field: getattr(player, field) + 1})
    elif kind == "settlement":
        top, *rest = t.settlement_stack
        t.settlement_stack = tuple(rest)
        t.update(
            seat,
            buildings=(
                *player.buildings,
                build(Building, {"event": top, "city": False, "expansion": None}),
            ),
        )
        after_event = "flip"
    elif kind == "city":
        buildings = list(player.buildings)
        index = next(i for i, b in enumerate(buildings) if not b.city)
        buildings[index] = replace(buildings[index], city=True)
        t.update(seat, buildings=tuple(buildings))
        after_event = buildings[index].event
        if t.record:
            t.event("city_event", seat, event=after_event)
    else:
        expansions = list(t.expansions)
        expansions.remove(cost_key)
        t.expansions = tuple(expansions)
        buildings = list(player.buildings)
        index = next(i for i, b in enumerate(buildings) if b.city and b.expansion is None)
        buildings[index] = replace(buildings[index], expansion=cost_key)
        t.update(seat, buildings=tuple(buildings))
    points = vp(t.players[seat], data)
    if points >= data.constants.win_vp:
        t.finished = True
        t.winner = seat
        if t.record:
            t.event("win", seat, vp=points)
        return
    if after_event == "flip":
        t.flip_destiny(seat)
    elif after_event == "market_day":
        t.discard += t.market
        t.market = ()
        while len(t.market) < data.constants.market_size:
            card = t.draw_one()
            if card is None:
                break
            t.market += (card,)
        if t.record:
            t.event("market_day", seat, market=list(t.market))
    elif after_event == "robber":
        n = len(t.players)
        queue = [
            s
            for s in ((seat + i) % n for i in range(n))
            if sum(t.hand(s)) >= data.constants.robber_threshold
        ]
        if queue:
            t.pending = build(
                Pending,
                {"kind": "discard", "seat": queue[0], "target": None, "queue": tuple(queue[1:])},
            )
        else:
            t.flip_destiny(seat)


def _discard(t: Turn, seat: int, move: Any) -> None:
    t.hand(seat)[INDEX[move.card]] -= 1
    t.discard += (move.card,)
    if t.record:
        t.event("discard", seat, card=move.card)
    pending = t.pending
    assert pending is not None
    if sum(t.hand(seat)) > t.data.constants.robber_keep:
        return
    if pending.queue:
        t.pending = build(
            Pending,
            {
                "kind": "discard",
                "seat": pending.queue[0],
                "target": None,
                "queue": pending.queue[1:],
            },
        )
    else:
        t.pending = None
        t.flip_destiny(t.turn)


def _draw(t: Turn, seat: int, move: Any) -> None:
    hand = t.hand(seat)
    pile = t.draw_pile
    count: int = move.count  # read once: each read costs pydantic's hook
    drawn: list[Resource]
    if len(pile) >= count:  # the usual case: no reshuffle on the way
        drawn = list(pile[:count])
        t.draw_pile = pile[count:]
        for kind in drawn:
            hand[INDEX[kind]] += 1
    else:
        drawn = []
        for _ in range(count):
            card = t.draw_one()
            if card is None:
                break
            drawn.append(card)
            hand[INDEX[card]] += 1
    if t.record:
        t.event("draw", seat, count=len(drawn))
        t.event("drawn", seat, seat, cards=drawn)
    start_turn(t, (seat + 1) % len(t.players))


def start_turn(t: Turn, seat: int) -> None:
    limit = t.source.options.round_limit
    if t.turns >= limit * len(t.players):
        t.finished = True
        if t.record:
            t.event("round_limit", rounds=limit)
        return
    t.turn = seat
    t.phase = "exchange"
    t.allowance = allowance(t.players[seat])
    t.exchanges = 0
    t.built = ()
    t.guild_used = False
    t.library_used = False
    t.university_used = False
    t.turns += 1
    t.owed = [0] * len(t.players)
    if t.record:
        t.event("turn", seat)


def play(t: Turn, seat: int, move: Move) -> None:
    """Play `move` for `seat` on `t` with the handler of its exact class, the most frequent
    first: no read of `kind` through pydantic's hook, and compiled, a direct call."""
    cls = type(move)
    if cls is EndExchange:
        _end(t, seat, move)
    elif cls is Draw:
        _draw(t, seat, move)
    elif cls is PileSwap:
        _pile(t, seat, move)
    elif cls is MarketSwap:
        _market(t, seat, move)
    elif cls is Build:
        _build(t, seat, move)
    elif cls is Trade:
        _trade(t, seat, move)
    elif cls is Return:
        _return(t, seat, move)
    elif cls is Discard:
        _discard(t, seat, move)
    elif cls is Guild:
        _guild(t, seat, move)
    elif cls is Pick:
        _pick(t, seat, move)
    elif cls is Look:
        _look(t, seat, move)
    else:
        raise TypeError(f"not a Catan move: {move!r}")
