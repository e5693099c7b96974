"""Sankt Petersburg rules: costs, targets, legal moves, and why a move is refused.

`legal_moves` is the single definition of legality. `is_legal` answers for one move by building
only the part of that list the move could be in, from the same pieces (`Holdings` offers, the
board's distinct cards, the hand limit), so the two agree by construction; a test compares them.
What a move does to the state is in `effects.py`.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from games.base import IllegalMove
from games.fastbuild import build
from games.stpetersburg.data import (
    CARDS,
    COLOUR,
    COST,
    DISPLACED_VALUE,
    HAND_LIMIT,
    INCOME,
    MINIMUM_PAYMENT,
    OLD_CARD_DISCOUNT,
    PUB_POINTS_PER_PUB,
    PUB_PRICE_PER_POINT,
    STACKS,
    TRADING,
    WAREHOUSE_HAND_LIMIT,
    StackId,
)
from games.stpetersburg.models import (
    BoardCard,
    Buy,
    Drawn,
    Move,
    Observe,
    Pass,
    Pending,
    Play,
    PlayerState,
    PubPurchase,
    State,
    Take,
)

# ---------------------------------------------------------------- costs and targets

# The green trading card that makes every card of a colour 1 ruble cheaper for its owner.
COLOUR_DISCOUNTERS: Final = {"blue": "carpenter_workshop", "orange": "gold_smelter"}
_DISCOUNTER_COLOUR: Final = {card: colour for colour, card in COLOUR_DISCOUNTERS.items()}


def _may_replace(card: str, other: str) -> bool:
    """Whether the trading card `card` may displace `other` (digest §1.7). Any building means any:
    a face-down Observatory too (seed 000; README, rules notes)."""
    if other in TRADING or COLOUR[other] != COLOUR[card]:
        return False
    displaces = CARDS[card].displaces
    return displaces is None or other in (displaces, "czar_and_carpenter")


# For each trading card, every card it may displace.
REPLACEABLE: Final = {
    card: frozenset(o for o in CARDS if _may_replace(card, o)) for card in TRADING
}


class Holdings:
    """What one play area means for prices, worked out once per distinct area and kept.

    Prices and targets depend on the play area alone (identical cards, the colour discounts, the
    cards a trading card may displace); money only decides which of them are affordable. A
    Holdings holds no reference back to itself, so one dropped from the cache is freed at once
    rather than by the cyclic garbage collector.
    """

    __slots__ = (
        "area",
        "counts",
        "discount",
        "distinct",
        "hand_limit",
        "most_displaced",
        "needs",
        "observatories",
        "pubs",
        "replaceable",
        "yields",
    )

    def __init__(self, area: tuple[str, ...] | None = None) -> None:
        if area is None:
            return  # a blank that `plus` or `replaced` fills in (compiled code has no __new__)
        self.area = area
        counts = dict.fromkeys(area, 0)
        for key in area:
            counts[key] += 1
        self.counts = counts  # copies of each card (its order is not kept: see `distinct`)
        # The distinct cards in the order they came into play: a tuple reads faster than a dict.
        self.distinct = tuple(counts)
        self.discount = {
            "green": 0,
            "blue": int(COLOUR_DISCOUNTERS["blue"] in counts),
            "orange": int(COLOUR_DISCOUNTERS["orange"] in counts),
        }
        self.hand_limit = WAREHOUSE_HAND_LIMIT if "warehouse" in counts else HAND_LIMIT
        # The most any card here is worth when displaced: a trading card whose price less this
        # is more than the money at hand has no affordable target, whatever the targets are.
        self.most_displaced = _most_displaced(counts)
        self.replaceable: dict[str, tuple[str, ...]] = {}  # trading card -> its targets here
        # By colour (COLOUR_INDEX), what its cards pay and how many there are (`payout`).
        yields = self.yields = [0] * (YIELD_FIELDS * len(COLOUR_INDEX))
        for key in area:
            _add_yield(yields, key, 1)
        self.pubs = counts.get("pub", 0)
        self.observatories = counts.get("observatory", 0)
        # By slot, the least money any move putting that card into play may need: its price
        # less identical cards and the colour discount (`price`), and for a trading card less
        # the most any card it may displace is worth (TRADE_MAX).
        needs = self.needs = BASE_NEED.copy()
        for key, count in counts.items():
            slot = NEW_SLOT[key]
            needs[slot] -= count
            needs[slot + 1] -= count
        for colour, off in self.discount.items():
            if off:
                for slot in COLOUR_SLOTS[colour]:
                    needs[slot] -= off

    def plus(self, card: str) -> Holdings:
        """The Holdings of this area with `card` come into play (equal to Holdings(area + card),
        worked out from this one)."""
        held = Holdings()
        # Concatenated: compiled, `(*self.area, card)` is built through a list.
        held.area = self.area + (card,)  # noqa: RUF005
        counts_before = self.counts
        counts = held.counts = counts_before.copy()
        counts[card] = counts.get(card, 0) + 1
        needs = held.needs = self.needs.copy()
        slot = NEW_SLOT[card]
        needs[slot] -= 1
        needs[slot + 1] -= 1
        colour = _DISCOUNTER_COLOUR.get(card)
        if colour is not None and not self.discount[colour]:
            held.discount = {**self.discount, colour: 1}
            for slot in COLOUR_SLOTS[colour]:
                needs[slot] -= 1
        else:
            held.discount = self.discount  # never changed in place
        held.hand_limit = WAREHOUSE_HAND_LIMIT if card == "warehouse" else self.hand_limit
        held.most_displaced = max(self.most_displaced, DISPLACED_VALUE[card])
        if card in counts_before:
            held.distinct = self.distinct
            held.replaceable = self.replaceable  # the same distinct cards: the same targets
        else:
            held.distinct = self.distinct + (card,)  # noqa: RUF005 (as `area`)
            held.replaceable = {}
        yields = held.yields = self.yields.copy()
        _add_yield(yields, card, 1)
        held.pubs = self.pubs + (card == "pub")
        held.observatories = self.observatories + (card == "observatory")
        return held

    def replaced(self, target: str, card: str) -> Holdings:
        """The Holdings of this area with the trading card `card` put in place of `target`
        (equal to Holdings of the area with the first `target` removed and `card` added)."""
        area = self.area
        index = area.index(target)
        area = area[:index] + area[index + 1 :]
        held = Holdings()
        held.area = area
        needs = held.needs = self.needs.copy()
        slot = NEW_SLOT[target]
        needs[slot] += 1
        needs[slot + 1] += 1
        replaceable = self.replaceable
        counts = held.counts = self.counts.copy()
        if counts[target] > 1:
            # The first copy leaves: the card's place in the order moves to its next copy, and
            # the distinct cards (discounts, hand limit, values) stay the same.
            counts[target] -= 1
            held.distinct = tuple(dict.fromkeys(area))
            held.discount = self.discount
            held.hand_limit = self.hand_limit
            held.most_displaced = self.most_displaced
            # Targets listing it are in another order now: worked out again when asked.
            held.replaceable = {
                trading: targets
                for trading, targets in replaceable.items()
                if target not in targets
            }
        else:
            del counts[target]
            distinct = self.distinct
            at = distinct.index(target)
            held.distinct = distinct[:at] + distinct[at + 1 :]
            colour = _DISCOUNTER_COLOUR.get(target)
            if colour is not None:
                held.discount = {**self.discount, colour: 0}
                for slot in COLOUR_SLOTS[colour]:
                    needs[slot] += 1
            else:
                held.discount = self.discount  # never changed in place
            held.hand_limit = HAND_LIMIT if target == "warehouse" else self.hand_limit
            most = self.most_displaced
            # Another card is worth as much unless the target was the one worth the most.
            held.most_displaced = (
                most if DISPLACED_VALUE[target] < most else _most_displaced(counts)
            )
            held.replaceable = {
                trading: tuple([t for t in targets if t != target])
                for trading, targets in replaceable.items()
            }
        yields = held.yields = self.yields.copy()
        _add_yield(yields, target, -1)
        held.pubs = self.pubs - (target == "pub")
        held.observatories = self.observatories - (target == "observatory")
        return held.plus(card)

    def cost(self, card: str, old: bool = False, target: str | None = None) -> int:
        """What the owner pays to put `card` into play (digest §1.6); never below 1 ruble."""
        slot = slot_of(card, old)
        price = self.needs[slot] + TRADE_MAX[slot]
        if target is not None:
            price -= DISPLACED_VALUE[target]
        return max(MINIMUM_PAYMENT, price)

    def pub_limit(self, money: int) -> int:
        """The most points the owner, holding `money` rubles, may buy at the Pub now."""
        pubs = self.pubs
        return min(PUB_POINTS_PER_PUB * pubs, money // PUB_PRICE_PER_POINT) if pubs else 0

    def scoring(self, colour: str, observatories_used: int) -> tuple[int, int]:
        """(rubles, points) the owner gets at `colour`'s scoring with that many Observatories
        face down (a used Observatory scores nothing)."""
        money, points = self.payout(colour)
        if colour == "blue":
            points -= observatories_used
        return money, points

    def price(self, card: str) -> int:
        """The printed cost less identical cards and the colour discount (digest §1.6), before
        the old-card discount, a displaced card's value and the minimum payment."""
        slot = NEW_SLOT[card]
        return self.needs[slot] + TRADE_MAX[slot]

    def payout(self, colour: str) -> tuple[int, int]:
        """(rubles, points) the cards of `colour` here pay at that colour's scoring (§1.9),
        before a used Observatory's loss."""
        yields = self.yields
        at = YIELD_FIELDS * COLOUR_INDEX[colour]
        money = yields[at + YIELD_MONEY]
        if colour == "blue" and "mariinskij_theater" in self.counts:
            money += yields[YIELD_FIELDS * COLOUR_INDEX["orange"] + YIELD_CARDS]
        elif colour == "orange" and "tax_man" in self.counts:
            money += yields[YIELD_FIELDS * COLOUR_INDEX["green"] + YIELD_CARDS]
        return money, yields[at + YIELD_POINTS]

    def targets(self, card: str) -> tuple[str, ...]:
        """The distinct cards here, in the order they came into play, that the trading card
        `card` may displace."""
        found = self.replaceable.get(card)
        if found is None:
            allowed = REPLACEABLE[card]
            found = self.replaceable[card] = tuple([c for c in self.distinct if c in allowed])
        return found

    def offers(self, card: str, old: bool = False) -> tuple[tuple[str | None, int], ...]:
        """(target, price) for every way to put `card` into play, bought old or not: what
        legal_moves lists, is_legal checks and apply charges."""
        price = self.price(card) - (OLD_CARD_DISCOUNT if old else 0)
        if card in TRADING:
            return tuple(
                (t, max(MINIMUM_PAYMENT, price - DISPLACED_VALUE[t])) for t in self.targets(card)
            )
        return ((None, max(MINIMUM_PAYMENT, price)),)


def _most_displaced(cards: Iterable[str]) -> int:
    """The most any of `cards` is worth when displaced (0 for none)."""
    most = 0
    for card in cards:
        value = DISPLACED_VALUE[card]
        if value > most:
            most = value
    return most


# A Holdings' `yields`: for each colour (in COLOUR_INDEX order) these three numbers, what its
# cards pay in rubles and in points at its scoring, and how many cards of it there are.
COLOUR_INDEX: Final[dict[str, int]] = {"green": 0, "blue": 1, "orange": 2}
YIELD_MONEY: Final = 0
YIELD_POINTS: Final = 1
YIELD_CARDS: Final = 2
YIELD_FIELDS: Final = 3
# Each card's place in `yields` and what it adds there (its colour's, then its own income).
_CARD_YIELD: Final[dict[str, tuple[int, int, int]]] = {
    card: (YIELD_FIELDS * COLOUR_INDEX[COLOUR[card]], *INCOME[card]) for card in CARDS
}


def _add_yield(yields: list[int], card: str, copies: int) -> None:
    """Count `copies` of `card` (-1: one fewer) into `yields`."""
    at, money, points = _CARD_YIELD[card]
    yields[at + YIELD_MONEY] += money * copies
    yields[at + YIELD_POINTS] += points * copies
    yields[at + YIELD_CARDS] += copies


# id(area) -> its Holdings. An area tuple is shared by every state until its owner's next card
# comes into play, so looking it up by identity (no hashing of the tuple) nearly always finds it.
# A Holdings keeps its area alive, so no other tuple can have that id while it is listed. The
# oldest is dropped as each new one comes: allocations and frees stay level, which keeps the
# cyclic garbage collector from running (it runs when allocations outgrow frees).
_holdings: OrderedDict[int, Holdings] = OrderedDict()
_HOLDINGS_KEPT: Final = 1024


def holdings(area: tuple[str, ...]) -> Holdings:
    """What the play area `area` means for prices (worked out once per area tuple)."""
    found = _holdings.get(id(area))
    if found is None or found.area is not area:
        found = remember(Holdings(area))
    return found


def remember(held: Holdings) -> Holdings:
    """`held`, kept for `holdings` to find by its area (e.g. one worked out by `plus`)."""
    _holdings[id(held.area)] = held
    if len(_holdings) > _HOLDINGS_KEPT:
        _holdings.popitem(last=False)
    return held


def cost(
    player: PlayerState, card_key: str, *, old: bool = False, target: str | None = None
) -> int:
    """What `player` pays to put `card_key` into play (digest §1.6); never below 1 ruble."""
    return holdings(player.area).cost(card_key, old, target)


def hand_limit(player: PlayerState) -> int:
    return holdings(player.area).hand_limit


def face_up_observatories(player: PlayerState) -> int:
    return player.area.count("observatory") - player.observatories_used


def targets(player: PlayerState, card_key: str) -> tuple[str, ...]:
    """The distinct cards in `player`'s area that the trading card `card_key` may displace."""
    return holdings(player.area).targets(card_key)


def payout(player: PlayerState, colour: str) -> tuple[int, int]:
    """(rubles, points) the player's cards of `colour` pay at that colour's scoring (§1.9)."""
    return holdings(player.area).scoring(colour, player.observatories_used)


def aristocrat_kinds(player: PlayerState) -> set[str]:
    """The distinct orange cards (aristocrats and orange trading cards) in the play area."""
    return area_aristocrat_kinds(player.area)


def area_aristocrat_kinds(area: tuple[str, ...]) -> set[str]:
    return {key for key in area if COLOUR[key] == "orange"}


def pub_limit(player: PlayerState) -> int:
    return holdings(player.area).pub_limit(player.money)


# ---------------------------------------------------------------- interned moves

# Moves are immutable, so each distinct move is built once; this keeps legal_moves cheap.
buy_move = lru_cache(maxsize=None)(lambda card, old, target: Buy(card=card, old=old, target=target))
take_move = lru_cache(maxsize=None)(lambda card, old: Take(card=card, old=old))
play_move = lru_cache(maxsize=None)(lambda card, target: Play(card=card, target=target))
observe_move = lru_cache(maxsize=None)(lambda stack: Observe(stack=stack))
drawn_move = lru_cache(maxsize=None)(lambda action, target: Drawn(action=action, target=target))
pub_move = lru_cache(maxsize=None)(lambda points: PubPurchase(points=points))
PASS: Final = Pass()


# ---------------------------------------------------------------- legal moves


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of the seat, in a fixed order: the single definition of legality."""
    global _last_legal
    moves = _list_moves(state, seat)
    # Kept for is_legal: the caller nearly always applies one of the moves it was just given.
    # A copy: the caller owns the list it gets.
    _last_legal = (state, seat, tuple(moves))  # one assignment: safe to read from any thread
    return moves


_last_legal: tuple[State | None, int, tuple[Move, ...]] = (None, -1, ())


def _list_moves(state: State, seat: int) -> list[Move]:
    player = state.players[seat]
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return []
        return decisions(pending, holdings(player.area), player.money, len(player.hand))
    if state.finished or state.turn != seat:
        return []
    area = player.area
    found = _holdings.get(id(area))
    return turn_moves(
        found if found is not None and found.area is area else holdings(area),
        player.money,
        player.hand,
        player.observatories_used,
        state.phase,
        state.stacks,
        _board_keys(state.board).market,
    )


def decisions(pending: Pending, held: Holdings, money: int, hand_size: int) -> list[Move]:
    """The moves of the seat a pending decision waits for (`pending.seat`), who holds `held`."""
    if pending.kind == "pub":
        return [pub_move(n) for n in range(held.pub_limit(money) + 1)]
    assert pending.card is not None
    drawn: list[Move] = [
        drawn_move("buy", target) for target, price in held.offers(pending.card) if price <= money
    ]
    if hand_size < held.hand_limit:
        drawn.append(drawn_move("take", None))
    drawn.append(drawn_move("discard", None))
    return drawn


def turn_moves(
    held: Holdings,
    money: int,
    hand: tuple[str, ...],
    observatories_used: int,
    phase: StackId,
    stacks: Mapping[StackId, tuple[str, ...]],
    on_board: Market,
) -> list[Move]:
    """The moves of the seat whose turn it is in an action step, from what they hold (`held`,
    `money`, `hand`) and the distinct cards on the board (`on_board`)."""
    observing = phase == "buildings" and held.observatories > observatories_used
    hand_limit = held.hand_limit
    moves: list[Move]
    if money < MINIMUM_PAYMENT:  # nothing costs less: nothing to buy or play
        if len(hand) < hand_limit:
            moves = list(on_board.takes)
        elif observing:
            moves = []
        else:
            return [PASS]  # no money and a full hand
    else:
        # A card is looked at only if it could be affordable (`Holdings.needs`, read by slot:
        # this is the engine's hottest loop), then priced as in offers.
        slots = on_board.slots
        needs = held.needs
        moves = []
        for slot in slots:
            if needs[slot] <= money:
                buy = SLOT_BUY[slot]
                if buy is not None:
                    moves.append(buy)
                else:  # a trading card: one buy per card it may displace
                    _add_trades(moves, held, slot, SLOT_TRADE_BUYS[slot], money)
        if len(hand) < hand_limit:
            moves.extend(on_board.takes)
        for index in range(len(hand)):
            card = hand[index]
            # Each distinct card once, in the order of the hand (of at most four cards:
            # comparing them beats building a dict of them).
            if any(hand[earlier] == card for earlier in range(index)):
                continue
            slot = NEW_SLOT[card]
            if needs[slot] <= money:
                play = SLOT_PLAY[slot]
                if play is not None:
                    moves.append(play)
                else:  # a trading card
                    _add_trades(moves, held, slot, SLOT_TRADE_PLAYS[slot], money)
    if observing:
        moves.extend(observe_move(stack) for stack in STACKS if len(stacks[stack]) >= 2)
    moves.append(PASS)
    return moves


def _add_trades(
    moves: list[Move],
    held: Holdings,
    slot: int,
    trades: dict[str, tuple[int, Move]],
    money: int,
) -> None:
    """Append the trading card of `slot`'s moves (`trades`, by target: its buys or its plays)
    for each card here it may displace whose value brings its price within `money`."""
    price = held.needs[slot] + TRADE_MAX[slot]
    card = SLOT_CARD[slot]
    targets = held.replaceable.get(card)
    for target in held.targets(card) if targets is None else targets:
        value, move = trades[target]
        if price - value <= money:
            moves.append(move)


def seen_in_order(board: Sequence[BoardCard | None]) -> tuple[tuple[str, bool], ...]:
    """The distinct (card, old) on the board, in the order of their spaces."""
    return tuple(map(SLOTS.__getitem__, _board_keys(board).market.slots))


def board_index(board: Sequence[BoardCard | None], card: str, old: bool) -> int:
    """The first space of the board holding (card, old); ValueError if there is none."""
    return _board_keys(board).spaces.index(slot_of(card, old))


# ---------------------------------------------------------------- the board's cards as numbers

# Every (card, old) has a slot number, twice the card's place in CARDS plus 1 when old: the hot
# loops read lists by slot rather than fields of records.
SLOTS: Final[tuple[tuple[str, bool], ...]] = tuple((c, old) for c in CARDS for old in (False, True))
NEW_SLOT: Final[dict[str, int]] = {card: 2 * index for index, card in enumerate(CARDS)}
EMPTY: Final = -1  # the slot of an empty space (Final: compiled code reads no global for it)
SLOT_CARD: Final[list[str]] = [card for card, _ in SLOTS]
# For a trading card, the most any card it may displace is worth; 0 for the others.
TRADE_MAX: Final[list[int]] = [
    max(map(DISPLACED_VALUE.__getitem__, REPLACEABLE[card]), default=0) if card in TRADING else 0
    for card, _ in SLOTS
]
# Each slot's `Holdings.needs` in an empty play area.
BASE_NEED: Final[list[int]] = [
    COST[card] - (OLD_CARD_DISCOUNT if old else 0) - TRADE_MAX[slot]
    for slot, (card, old) in enumerate(SLOTS)
]
COLOUR_SLOTS: Final[dict[str, tuple[int, ...]]] = {
    colour: tuple(slot for slot, (card, _) in enumerate(SLOTS) if COLOUR[card] == colour)
    for colour in ("green", "blue", "orange")
}
# Each slot's only buy move and its play move from the hand (None for trading cards, which
# name a target; a hand card is never old); its take move.
SLOT_BUY: Final[list[Buy | None]] = [
    None if card in TRADING else buy_move(card, old, None) for card, old in SLOTS
]
SLOT_PLAY: Final[list[Play | None]] = [
    None if card in TRADING or old else play_move(card, None) for card, old in SLOTS
]
SLOT_TAKE: Final[list[Take]] = [take_move(card, old) for card, old in SLOTS]
# A trading card's moves by slot, target -> (the target's value when displaced, the move): its
# buy moves (new or old), and its play moves from the hand (under the new slot: a hand card is
# never old). Empty for the other cards.
SLOT_TRADE_BUYS: Final[list[dict[str, tuple[int, Move]]]] = [
    {t: (DISPLACED_VALUE[t], buy_move(card, old, t)) for t in REPLACEABLE[card]}
    if card in TRADING
    else {}
    for card, old in SLOTS
]
SLOT_TRADE_PLAYS: Final[list[dict[str, tuple[int, Move]]]] = [
    {t: (DISPLACED_VALUE[t], play_move(card, t)) for t in REPLACEABLE[card]}
    if card in TRADING and not old
    else {}
    for card, old in SLOTS
]


# One shared BoardCard per (card, old): every board the engine makes holds these, so a board's
# spaces are read by their identity.
SLOT_BOARD_CARD: Final[list[BoardCard]] = [
    build(BoardCard, {"card": card, "old": old}) for card, old in SLOTS
]
BOARD_CARDS: Final[dict[tuple[str, bool], BoardCard]] = dict(
    zip(SLOTS, SLOT_BOARD_CARD, strict=True)
)
# id of a shared BoardCard (or of None) -> its slot; the BoardCards live as long as this.
_SPACE_SLOTS: Final[dict[int, int]] = {id(card): slot for slot, card in enumerate(SLOT_BOARD_CARD)}
_SPACE_SLOTS[id(None)] = EMPTY


class Market:
    """The distinct cards on a board as the listing reads them: their slots in space order
    and their take moves. A native class, not a NamedTuple: the kernel makes one after every
    change of the board, and a NamedTuple is made by a Python-level `__new__`."""

    __slots__ = ("slots", "takes")

    slots: tuple[int, ...]
    takes: tuple[Take, ...]

    def __init__(self, slots: tuple[int, ...], takes: tuple[Take, ...]) -> None:
        self.slots = slots
        self.takes = takes

    def without(self, slot: int) -> Market:
        """This market once the board's only card of `slot` has left it."""
        slots = self.slots
        takes = self.takes
        index = slots.index(slot)
        return Market(slots[:index] + slots[index + 1 :], takes[:index] + takes[index + 1 :])


def market(spaces: list[int]) -> Market:
    """The `Market` of a board whose spaces hold these slots (EMPTY for none)."""
    slots: list[int] = []
    takes: list[Take] = []
    for space in range(len(spaces)):  # 8 spaces: comparing slots beats a set
        slot = spaces[space]
        if slot != EMPTY and not any(spaces[earlier] == slot for earlier in range(space)):
            slots.append(slot)
            takes.append(SLOT_TAKE[slot])
    return Market(tuple(slots), tuple(takes))


def slot_of(card: str, old: bool) -> int:
    """The slot of the card `card`, old or not."""
    return NEW_SLOT[card] + 1 if old else NEW_SLOT[card]


def space_slots(board: Sequence[BoardCard | None]) -> list[int]:
    """The slot of every space of `board`, EMPTY for an empty one."""
    spaces: list[int | None] = list(map(_SPACE_SLOTS.get, map(id, board)))
    if None in spaces:  # a board with BoardCards of its own (a loaded or hand-made state)
        return [EMPTY if space is None else slot_of(space.card, space.old) for space in board]
    return spaces  # type: ignore[return-value]


class BoardKeys(NamedTuple):
    """One board tuple worked out: its market and the slot of every space."""

    board: Sequence[BoardCard | None]
    market: Market
    spaces: list[int]


def _board_keys(board: Sequence[BoardCard | None]) -> BoardKeys:
    global _last_board
    last = _last_board
    if board is last.board:
        return last  # a pass leaves the board tuple as it was, and apply follows legal_moves
    spaces = space_slots(board)
    last = _last_board = BoardKeys(board, market(spaces), spaces)
    return last  # one assignment: safe to read from any thread


_last_board = BoardKeys((), Market((), ()), [])


def is_legal(state: State, seat: int, move: Move) -> bool:
    """Whether `move` is in `legal_moves(state, seat)`, without building the whole list.

    The list legal_moves last gave, when it was for this very state and seat, answers at once.
    Otherwise buys, takes, plays and passes (nearly every move) look only at the offers
    `legal_moves` would list for that card; the rest (decisions, the Observatory) compare with
    the full list.
    """
    if move is PASS:  # the commonest move: listed whenever it is the seat's turn
        return state.pending is None and not state.finished and state.turn == seat
    last_state, last_seat, last_moves = _last_legal
    if last_state is state and last_seat == seat:
        for listed in last_moves:
            if listed is move:  # moves are interned: identity first, no model comparisons
                return True
        return move in last_moves
    if state.pending is None and not state.finished and state.turn == seat:
        kind = move.kind
        if kind == "pass":
            return True
        player = state.players[seat]
        if kind == "buy" or kind == "take":
            assert isinstance(move, Buy | Take)
            if (move.card, move.old) not in seen_in_order(state.board):
                return False
            held = holdings(player.area)
            if isinstance(move, Take):
                return len(player.hand) < held.hand_limit
            return _offered(held.offers(move.card, move.old), player.money, move.target)
        if isinstance(move, Play):
            if move.card not in player.hand:
                return False
            return _offered(holdings(player.area).offers(move.card), player.money, move.target)
    return move in legal_moves(state, seat)


def _offered(offers: tuple[tuple[str | None, int], ...], money: int, target: str | None) -> bool:
    for offered, price in offers:
        if offered == target:
            return price <= money
    return False


# ---------------------------------------------------------------- explanations


def _name(card: str) -> tuple[str, str]:
    return CARDS[card].en, CARDS[card].ja


def explain(state: State, seat: int, move: Move) -> IllegalMove:
    """Why a move that is not in legal_moves is refused, in words a player understands."""
    player = state.players[seat]
    pending = state.pending
    if pending is not None and not isinstance(move, (Drawn, PubPurchase)):
        if pending.kind == "pub":
            return IllegalMove(
                "First decide how many points to buy at the Pub (e.g. `pub 2`).",
                "先に酒場で買う得点を決めてください（例: `酒場 2`）。",
            )
        return IllegalMove(
            "First buy, take or discard the card the Observatory revealed.",
            "先に天文台で公開したカードを購入・手札・捨てるのどれかにしてください。",
        )
    if isinstance(move, PubPurchase):
        if pending is None or pending.kind != "pub":
            return IllegalMove(
                "There is no Pub purchase to make now.", "今は酒場で得点を買えません。"
            )
        limit = pub_limit(player)
        return IllegalMove(
            f"You can buy between 0 and {limit} points now.", f"今買えるのは0〜{limit}点です。"
        )
    if isinstance(move, Drawn):
        if pending is None or pending.kind != "observatory" or pending.card is None:
            return IllegalMove(
                "No card has been revealed with an Observatory.",
                "天文台で公開したカードはありません。",
            )
        if move.action == "take":
            return _hand_full(player)
        return _placement_problem(player, pending.card, False, move.target)
    if isinstance(move, Observe):
        if state.phase != "buildings":
            return IllegalMove(
                "The Observatory can only be used in the building phase.",
                "天文台は建物フェーズにしか使えません。",
            )
        if face_up_observatories(player) == 0:
            return IllegalMove("You have no face-up Observatory.", "表向きの天文台がありません。")
        return IllegalMove(
            "The Observatory needs a stack with at least 2 cards.",
            "天文台は2枚以上残っている山にしか使えません。",
        )
    if isinstance(move, (Buy, Take)):
        on_board = [s for s in state.board if s is not None]
        if not any(s.card == move.card and s.old == move.old for s in on_board):
            en, ja = _name(move.card)
            if not any(s.card == move.card for s in on_board):
                return IllegalMove(f"There is no {en} on the board.", f"売り場に{ja}はありません。")
            if move.old:
                return IllegalMove(
                    f"The {en} on the board is new, not old: leave out `old`.",
                    f"売り場の{ja}は−1ではありません。「旧」を外してください。",
                )
            return IllegalMove(
                f"Only an old {en} is on the board: add `old`.",
                f"売り場の{ja}は−1のものだけです。「旧」を付けてください。",
            )
        if isinstance(move, Take):
            return _hand_full(player)
        return _placement_problem(player, move.card, move.old, move.target)
    if isinstance(move, Play):
        if move.card not in player.hand:
            en, ja = _name(move.card)
            return IllegalMove(f"You have no {en} in hand.", f"手札に{ja}はありません。")
        return _placement_problem(player, move.card, False, move.target)
    return IllegalMove("That move is not possible now.", "今その手は指せません。")


def _hand_full(player: PlayerState) -> IllegalMove:
    limit = hand_limit(player)
    return IllegalMove(
        f"Your hand is full ({len(player.hand)} of {limit} cards).",
        f"手札がいっぱいです（{limit}枚中{len(player.hand)}枚）。",
    )


def _placement_problem(
    player: PlayerState, card: str, old: bool, target: str | None
) -> IllegalMove:
    en, ja = _name(card)
    if CARDS[card].trading:
        options = targets(player, card)
        if not options:
            return IllegalMove(
                f"{en} must replace a card in your play area, and you have none it can replace.",
                f"{ja}は自分の場のカードと置き換える必要がありますが、置き換えられるカードがありません。",
            )
        if target not in options:
            listed_en = ", ".join(CARDS[t].en for t in options)
            listed_ja = "、".join(CARDS[t].ja for t in options)
            return IllegalMove(
                f"{en} must name a card it replaces: {listed_en} (e.g. `{en} > {CARDS[options[0]].en}`).",
                f"{ja}は置き換えるカードを指定してください: {listed_ja}",
            )
    elif target is not None:
        return IllegalMove(
            f"{en} is not a trading card: it takes no target.", f"{ja}は交換カードではありません。"
        )
    price = cost(player, card, old=old, target=target)
    return IllegalMove(
        f"{en} costs you {price} rubles; you have {player.money}.",
        f"{ja}のコストは{price}ルーブルですが、所持金は{player.money}ルーブルです。",
    )
