"""Catherine rules: legal moves, applying a move, and the automatic steps between decisions.

Every rule reads its numbers from `Data` (data.json). `apply_move` works on a mutable `Table`
copied from the frozen state and freezes it again, so a move costs one copy, not one per change.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from games.base import Event, IllegalMove, Rng
from games.catherine.data import BOOK, CANNON, GOODS, Card, Data
from games.catherine.models import (
    Bonus,
    Build,
    Decline,
    Discard,
    Execute,
    Keep,
    Market,
    Move,
    Pass,
    Place,
    PlayerState,
    Row,
    State,
    Todo,
)
from games.fastbuild import build
from games.fastbuild import event as new_event

# ---------------------------------------------------------------- what a player owns


def own(data: Data, row: Sequence[str], tiles: Sequence[int]) -> list[int]:
    """Goods, cannons and books owned: action-row tops plus goods tiles (digest §1.8)."""
    counts = [*tiles, 0, 0]
    cards = data.cards
    for card_id in row:
        icons = cards[card_id].icons
        for kind in range(6):
            counts[kind] += icons[kind]
    return counts


def hand_limit(data: Data, favour: int) -> int:
    return data.track[min(favour, data.top)].hand_limit


def network(data: Data, houses: Sequence[str]) -> int:
    """The largest group of the player's houses joined by direct roads (B8)."""
    left = set(houses)
    best = 0
    while left:
        todo = [left.pop()]
        size = 1
        while todo:
            for other in data.neighbours[todo.pop()]:
                if other in left:
                    left.discard(other)
                    todo.append(other)
                    size += 1
        best = max(best, size)
    return best


def order_matched(data: Data, order: str, tiles: Sequence[int], jokers: int) -> int:
    shown = data.orders[order]
    matched = sum(min(t, s) for t, s in zip(tiles, shown, strict=True))
    return matched + min(jokers, sum(shown) - matched)


def order_vp(data: Data, matched: int) -> int:
    best = 0
    for need, vp in data.rules.order_vp.items():
        if matched >= int(need):
            best = max(best, vp)
    return best


def cannon_vp(data: Data, cannons: Sequence[int]) -> list[int]:
    """Each seat's VP from the interim cannon comparison with its neighbours (digest §1.12)."""
    n = len(cannons)
    gains = []
    for i in range(n):
        gained = 0
        for j in {(i - 1) % n, (i + 1) % n} - {i}:
            if cannons[i] > cannons[j]:
                gained += data.rules.cannon_more_vp
            elif cannons[i] == cannons[j]:
                gained += data.rules.cannon_tie_vp
        gains.append(gained)
    return gains


def can_build(data: Data, houses: Sequence[str], city: str) -> bool:
    return len(houses) < data.rules.houses and city not in houses


# ---------------------------------------------------------------- legal moves


# Moves are immutable and the same few recur all game, so each is made once and shared; the
# cache is bounded (it simply starts afresh when full).
_MOVES: dict[tuple[Any, ...], Any] = {}
_MOVES_MAX = 50_000
# The most frequent moves, looked up directly (a few thousand at most: cards × cards), by
# activation card, then by the card it goes under (no key tuple made and hashed per move).
_PLACES: dict[str, dict[str, Place]] = {}
_ROWS: dict[str, Row] = {}
# The moves without fields, made once: validating a new one costs more than listing the rest.
EXECUTE = Execute()
DECLINE = Decline()
BONUS = Bonus()
PASS = Pass()


# Each move class's `kind`: `cls.model_fields` is a Python-level property of pydantic's
# metaclass, and Bonus and Discard listings make new moves often (see `_made`).
_KINDS: dict[Any, str] = {}


def _made(key: tuple[Any, ...], cls: type[Any], fields: dict[str, Any]) -> Any:
    """The move of class `cls` with these fields, made now and kept under `key`."""
    if len(_MOVES) >= _MOVES_MAX:
        _MOVES.clear()
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _KINDS[cls] = cls.model_fields["kind"].default
    move = _MOVES[key] = build(cls, {"kind": kind, **fields})
    return move


# The key of a move is its class and its fields' values in order, built directly per class
# (unpacking keyword arguments into a key was a third of a four-seat playout's listing).
def _cards_move(cls: type[Any], cards: tuple[str, ...]) -> Any:
    """A Keep, Discard or Bonus move of these cards."""
    key = (cls, cards)
    found = _MOVES.get(key)
    return found if found is not None else _made(key, cls, {"cards": cards})


def _build_move(city: str, cards: tuple[str, ...]) -> Any:
    key = (Build, city, cards)
    found = _MOVES.get(key)
    return found if found is not None else _made(key, Build, {"city": city, "cards": cards})


def _market_move(count: int) -> Any:
    key = (Market, count)
    found = _MOVES.get(key)
    return found if found is not None else _made(key, Market, {"count": count})


def _places_of(data: Data, act: str) -> dict[str, Place]:
    """The Place moves activating `act`, by the card it goes under: made for every card of the
    deck at once, the first time `act` is listed. The key space is a few thousand moves that
    every long search meets; made one by one, each would be a cache miss well into a run, and
    an object kept alive that the garbage collector then goes through."""
    by_under = _PLACES[act] = {under: _place(act, under) for under in data.deck if under != act}
    return by_under


def _place(act: str, under: str) -> Place:
    """A new Place move (`_PLACES` keeps them)."""
    return build(Place, {"kind": "place", "act": act, "under": under})


def _place_moves(data: Data, p: PlayerState | Seat) -> list[Move]:
    if not p.chosen:
        rows = _ROWS
        return [
            rows.get(card) or rows.setdefault(card, build(Row, {"kind": "row", "card": card}))
            for card in sorted(p.hand)
        ]
    if len(p.chosen) > 1:
        return []
    row = p.chosen[0]
    free = [card for card, below in zip(p.row, p.below, strict=True) if not below]
    free.append(row)
    moves: list[Move] = []
    for act in sorted(p.hand):
        if act == row:
            continue
        by_under = _PLACES.get(act)
        if by_under is None:
            by_under = _places_of(data, act)
        for under in free:
            move = by_under.get(under)
            if move is None:
                move = by_under[under] = _place(act, under)
            moves.append(move)
    return moves


def action_moves(data: Data, p: PlayerState | Seat) -> list[Move]:
    """The ways to run the activated card's action, then Decline (always possible)."""
    card = data.cards[p.active]
    hand = sorted(p.hand)
    moves: list[Move] = []
    kind = card.action
    if kind == "BUILD_LISTED":
        moves += [_build_move(c, ()) for c in card.cities if can_build(data, p.houses, c)]
    elif kind == "BUILD_REGION":
        if len(hand) >= card.discard:
            cities = [c for c in data.region_cities[card.colour] if can_build(data, p.houses, c)]
            combos = list(combinations(hand, card.discard))
            moves += [_build_move(c, cards) for c in cities for cards in combos]
    elif kind == "MARKET":
        owned = own(data, p.row, p.tiles)
        total = owned[card.goods[0]] + owned[card.goods[1]]
        moves += [_market_move(n) for n in range(total + 1)]
    elif kind in ("DISCARD_FOR_VP", "DISCARD_FOR_FAVOUR"):
        uses = len(hand) // card.discard
        if card.times:
            uses = min(uses, card.times)
        for use in range(1, uses + 1):
            moves += [
                _cards_move(Discard, cards) for cards in combinations(hand, use * card.discard)
            ]
    else:
        moves.append(EXECUTE)
    moves.append(DECLINE)
    return moves


def _bonus_condition(data: Data, card: Card, p: PlayerState | Seat) -> bool:
    if card.bonus_same_colour:
        colours = {data.cards[c].colour for c in p.discarded}
        if len(colours) != 1:
            return False
    if card.bonus_own:
        owned = own(data, p.row, p.tiles)
        return all(owned[kind] >= n for kind, n in card.bonus_own)
    return True


def bonus_moves(data: Data, p: PlayerState | Seat) -> list[Move]:
    """The ways to take the bonus after the action, then Pass; [] when there is no bonus."""
    card = data.cards[p.active]
    if not card.has_bonus:
        return []
    hand = sorted(p.hand)
    met = _bonus_condition(data, card, p)
    moves: list[Move] = []
    if card.bonus_or_pay:
        if met:
            moves.append(BONUS)
        elif len(hand) >= card.bonus_or_pay:
            moves += [_cards_move(Bonus, c) for c in combinations(hand, card.bonus_or_pay)]
    elif card.bonus_pay:
        if met and len(hand) >= card.bonus_pay:
            moves += [_cards_move(Bonus, c) for c in combinations(hand, card.bonus_pay)]
    elif met:
        moves.append(BONUS)
    if moves:
        moves.append(PASS)
    return moves


def book_moves(data: Data, p: PlayerState | Seat) -> list[Move]:
    moves: list[Move] = [_build_move(c.id, ()) for c in data.cities if c.id not in p.houses]
    moves.append(PASS)
    return moves


def legal_moves(data: Data, state: State, seat: int) -> list[Move]:
    return seat_moves(data, state.phase, state.players[seat])


def seat_moves(data: Data, phase: str, p: PlayerState | Seat) -> list[Move]:
    """The legal moves of one seat in `phase`: of a state's player, or of a table's seat (the
    playout kernel's), by the same rules."""
    if phase == "setup":
        if p.chosen:
            return []
        return [
            _cards_move(Keep, c) for c in combinations(sorted(p.hand), data.rules.action_row_start)
        ]
    if phase == "place":
        return _place_moves(data, p)
    if p.todo == "action":
        return action_moves(data, p)
    if p.todo == "bonus":
        return bonus_moves(data, p)
    if p.todo == "books":
        return book_moves(data, p)
    return []


def explain(data: Data, state: State, seat: int, move: Move) -> IllegalMove:
    """Why a well-formed move is not legal now, in a short sentence (en and ja)."""
    p = state.players[seat]
    cards = [c for c in (getattr(move, "cards", ()) or ()) if c]
    for name in ("card", "act"):
        value = getattr(move, name, None)
        if value:
            cards.append(value)
    missing = [c for c in cards if c not in p.hand]
    if missing:
        return IllegalMove(
            f"{missing[0]} is not in your hand.", f"{missing[0]} は手札にありません。"
        )
    if isinstance(move, Market) and p.todo == "action" and data.cards[p.active].action == "MARKET":
        card = data.cards[p.active]
        owned = own(data, p.row, p.tiles)
        most = owned[card.goods[0]] + owned[card.goods[1]]
        return IllegalMove(
            f"This market lets you draw at most {most}.",
            f"この市場で引けるのは最大{most}枚です。",
        )
    city = getattr(move, "city", None)
    if city is not None and city in p.houses:
        return IllegalMove(
            "You already have a house in that city.", "その都市にはすでに自分の住宅があります。"
        )
    expected = {
        "setup": (
            "keep",
            "choose the 3 cards of your action row",
            "アクション列の3枚を選んでください",
        ),
        "place": ("place", "place two cards", "カードを2枚配置してください"),
        "activate": ("", "wait for the others", "他のプレイヤーを待ってください"),
        "books": ("build", "build a house or pass", "住宅を建設するかパスしてください"),
    }.get(state.phase)
    if p.todo == "action":
        expected = (
            "",
            "run or decline your activated card's action",
            "アクションを実行するか見送ってください",
        )
    elif p.todo == "bonus":
        expected = ("", "take the bonus or pass", "ボーナスを得るかパスしてください")
    if expected is not None:
        return IllegalMove(
            f"That move is not possible now: {expected[1]}.",
            f"その手は今は指せません。{expected[2]}。",
        )
    return IllegalMove("That move is not possible now.", "その手は今は指せません。")


# ---------------------------------------------------------------- the mutable table


class Seat:
    """One player's state while a move is applied."""

    __slots__ = (
        "active",
        "below",
        "breakdown",
        "chosen",
        "discarded",
        "favour",
        "hand",
        "houses",
        "id",
        "index",
        "jokers",
        "order",
        "row",
        "slot",
        "tiles",
        "todo",
        "vp",
    )  # fmt: skip

    index: int
    id: str
    hand: list[str]
    row: list[str]
    below: list[str]
    houses: list[str]
    tiles: list[int]
    jokers: int
    favour: int
    vp: int
    order: str
    chosen: tuple[str, ...]
    slot: int
    todo: Todo
    active: str
    discarded: tuple[str, ...]
    breakdown: dict[str, int]

    def __init__(self, p: PlayerState | Seat, index: int) -> None:
        """A seat from a player, or a copy of another seat (`Table.scratch`)."""
        self.index = index
        self.id = p.id
        self.hand = list(p.hand)
        self.row = list(p.row)
        self.below = list(p.below)
        self.houses = list(p.houses)
        self.tiles = list(p.tiles)
        self.jokers = p.jokers
        self.favour = p.favour
        self.vp = p.vp
        self.order = p.order
        self.chosen = p.chosen
        self.slot = p.slot
        self.todo = p.todo
        self.active = p.active
        self.discarded = p.discarded
        self.breakdown = p.breakdown

    def freeze(self) -> PlayerState:
        return build(
            PlayerState,
            {
                "id": self.id,
                "hand": tuple(self.hand),
                "row": tuple(self.row),
                "below": tuple(self.below),
                "houses": tuple(self.houses),
                "tiles": tuple(self.tiles),
                "jokers": self.jokers,
                "favour": self.favour,
                "vp": self.vp,
                "order": self.order,
                "chosen": self.chosen,
                "slot": self.slot,
                "todo": self.todo,
                "active": self.active,
                "discarded": self.discarded,
                "breakdown": self.breakdown,
            },
        )

    def frozen_view(self) -> PlayerState:
        """The seat as a PlayerState, to ask the legal-move functions about it mid-move."""
        return self.freeze()


class Table:
    """A state being changed: by one apply (`apply_move`, which records the events), or by a
    whole playout (`kernel.Kernel`, which records none)."""

    def __init__(self, data: Data, state: State, record: bool = True) -> None:
        self.data = data
        self.source = state  # options come from here
        self.record = record
        self.moves_played = state.moves_played
        self.rng: Rng = state.rng
        # Seats are copied when first touched: most moves change one seat, or none.
        self._players = state.players
        self._seats: list[Seat | None] = [None] * len(state.players)
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.city_tiles = dict(state.city_tiles)
        self.jokers = state.jokers
        self.phase = state.phase
        self.round = state.round
        self.events: list[Event] = []

    def freeze(self) -> State:
        return build(
            State,
            {
                "game": "catherine",
                "options": self.source.options,
                "rng": self.rng,
                "players": tuple(
                    p if s is None else s.freeze()
                    for s, p in zip(self._seats, self._players, strict=True)
                ),
                "deck": tuple(self.deck),
                "discard": tuple(self.discard),
                "city_tiles": self.city_tiles,
                "jokers": self.jokers,
                "phase": self.phase,
                "round": self.round,
                "events": tuple(self.events),
                "moves_played": self.moves_played,
            },
        )

    def scratch(self) -> Table:
        """An independent copy recording no events, to try a move on: the greedy AI's lookahead
        on a kernel, which `apply_move` on the state this table stands at would give."""
        copy = Table(self.data, self.source, record=False)
        copy.moves_played = self.moves_played
        copy.rng = self.rng
        copy._players = self._players
        copy._seats = [None if s is None else Seat(s, s.index) for s in self._seats]
        copy.deck = list(self.deck)
        copy.discard = list(self.discard)
        copy.city_tiles = dict(self.city_tiles)
        copy.jokers = self.jokers
        copy.phase = self.phase
        copy.round = self.round
        return copy

    def event(
        self, kind: str, seat: Seat | None = None, private: bool = False, **data: Any
    ) -> None:
        """Record an event; callers ask `self.record` first, since a playout records none and
        even building the call's arguments costs more than most rules."""
        sid = seat.id if seat is not None else None
        self.events.append(new_event(kind, sid, sid if private else None, **data))

    # ------------------------------------------------------------ cards

    def _reshuffle(self) -> None:
        if not self.deck and self.discard:
            self.rng, shuffled = self.rng.shuffled(self.discard)
            self.deck = list(shuffled)
            self.discard = []
            if self.record:
                self.event("reshuffle", count=len(self.deck))

    def draw(self, seat: Seat, count: int, *, capped: bool, reason: str) -> None:
        """Draw `count` cards; capped draws stop at the hand limit, 1 VP per card not drawn.

        The discard pile becomes the new deck as soon as the deck runs out (Y4), and again
        before a draw that finds the deck empty (cards discarded since).
        """
        drawn: list[str] = []
        overflow = 0
        limit = hand_limit(self.data, seat.favour) if capped else None
        for _ in range(count):
            if limit is not None and len(seat.hand) >= limit:
                overflow += 1
                continue
            self._reshuffle()
            if not self.deck:  # B2: impossible with the shipped data; stay total anyway
                overflow += 1
                continue
            card = self.deck.pop(0)
            seat.hand.append(card)
            drawn.append(card)
            self._reshuffle()
        seat.vp += overflow
        if self.record:
            self.event("draw", seat, count=len(drawn), vp=overflow, reason=reason)
            if drawn:
                self.event("drew", seat, private=True, cards=drawn)

    def discard_cards(self, seat: Seat, cards: Sequence[str]) -> None:
        for card in cards:
            seat.hand.remove(card)
            self.discard.append(card)

    def gain_favour(self, seat: Seat, steps: int) -> tuple[int, int]:
        """Move the favour marker up; steps above the top pay 1 VP each. -> (steps, vp)."""
        room = max(0, self.data.top - seat.favour)
        moved = min(room, steps)
        seat.favour += moved
        seat.vp += steps - moved
        return moved, steps - moved

    def build(self, seat: Seat, city: str, source: str) -> None:
        """A house in `city`: a goods tile if any are left, a crown's favour at once."""
        record = self.data.city[city]
        seat.houses.append(city)
        tile = None
        if record.goods is not None and self.city_tiles.get(city, 0) > 0:
            self.city_tiles[city] -= 1
            seat.tiles[GOODS.index(record.goods)] += 1
            tile = record.goods
        favour = vp = 0
        if record.feature == "crown":
            favour, vp = self.gain_favour(seat, 1)
        if self.record:
            self.event("build", seat, city=city, tile=tile, favour=favour, vp=vp, source=source)

    # ------------------------------------------------------------ flow

    def seat(self, index: int) -> Seat:
        found = self._seats[index]
        if found is None:
            found = self._seats[index] = Seat(self._players[index], index)
        return found

    @property
    def seats(self) -> list[Seat]:
        return [self.seat(i) for i in range(len(self._seats))]

    def current(self) -> list[Seat | PlayerState]:
        """Every seat as it is now, without copying the untouched ones."""
        players = self._players
        return [players[i] if s is None else s for i, s in enumerate(self._seats)]

    def everyone_chose(self, need: int) -> bool:
        return all(len(s.chosen) >= need for s in self.current())

    def finish_setup(self) -> None:
        rows: dict[str, list[str]] = {}
        for s in self.seats:
            s.row = list(s.chosen)
            s.below = [""] * len(s.row)
            for card in s.chosen:
                s.hand.remove(card)
            rows[s.id] = list(s.chosen)
            s.chosen = ()
        if self.record:
            self.event("setup", rows=rows)
        self.start_round()

    def start_round(self) -> None:
        self.round += 1
        self.phase = "place"
        per = self.data.rules.rounds_per_decade
        if self.record:
            self.event("round", round=self.round, decade=(self.round - 1) // per + 1)
        for s in self.seats:
            self.draw(s, self.data.rules.draw_phase_a, capped=False, reason="phase_a")

    def reveal(self) -> None:
        placements: dict[str, list[str]] = {}
        for s in self.seats:
            row, act = s.chosen
            s.hand.remove(row)
            s.hand.remove(act)
            s.row.append(row)
            s.below.append("")
            s.below[s.slot] = act
            placements[s.id] = [row, act, s.row[s.slot]]
            s.active = s.row[s.slot]
            s.chosen = ()
            s.slot = -1
        if self.record:
            self.event("reveal", placements=placements)
        self.phase = "activate"
        cards = self.data.cards
        for s in self.seats:
            match = cards[s.active].colour == cards[s.below[s.row.index(s.active)]].colour
            if not match:
                if self.record:
                    self.event("mismatch", s, card=s.active)
                self.compensate(s, "mismatch")
            elif action_moves(self.data, s) == [DECLINE]:
                if self.record:
                    self.event("unable", s, card=s.active)
                self.compensate(s, "unable")
            else:
                s.todo = "action"
        self.after_decision()

    def compensate(self, seat: Seat, reason: str) -> None:
        self.draw(seat, self.data.rules.compensation_draw, capped=True, reason=reason)
        seat.todo = ""

    def after_decision(self) -> None:
        """Go on automatically once no seat owes a decision in this phase."""
        if any(s.todo for s in self.current()):
            return
        if self.phase == "activate":
            for s in self.seats:
                s.active = ""
                s.discarded = ()
            if self.round % self.data.rules.rounds_per_decade == 0:
                self.interim()
            else:
                self.start_round()
        elif self.phase == "books":
            self.interim_rest()

    # ------------------------------------------------------------ interim and final scoring

    def interim(self) -> None:
        data = self.data
        owned = [own(data, s.row, s.tiles) for s in self.seats]
        cannons = [o[CANNON] for o in owned]
        gains: dict[str, int] = {}
        for s, gained in zip(self.seats, cannon_vp(data, cannons), strict=True):
            s.vp += gained
            gains[s.id] = gained
        if self.record:
            self.event(
                "cannons",
                cannons={s.id: c for s, c in zip(self.seats, cannons, strict=True)},
                vp=gains,
            )
        books = [o[BOOK] for o in owned]
        most, fewest = max(books), min(books)
        builders = [s for s, b in zip(self.seats, books, strict=True) if b == most]
        jokered = []
        for s, b in zip(self.seats, books, strict=True):
            if fewest < b < most and self.jokers > 0:
                self.jokers -= 1
                s.jokers += 1
                jokered.append(s.id)
        if self.record:
            self.event(
                "books",
                books={s.id: b for s, b in zip(self.seats, books, strict=True)},
                builders=[s.id for s in builders],
                jokers=jokered,
            )
        self.phase = "books"
        for s in builders:
            if len(s.houses) >= data.rules.houses:
                self.compensate(s, "no_house")
            else:
                s.todo = "books"
        self.after_decision()

    def interim_rest(self) -> None:
        data = self.data
        houses: dict[str, int] = {}
        favour: dict[str, int] = {}
        for s in self.seats:
            ones = sum(1 for c in s.houses if data.city[c].feature == "one")
            houses[s.id] = len(s.houses) + ones
            favour[s.id] = data.track[s.favour].vp
            s.vp += houses[s.id] + favour[s.id]
        if self.record:
            self.event("houses", vp=houses)
            self.event("favour", vp=favour)
        cleared: dict[str, list[str]] = {}
        for s in self.seats:
            gone = [c for c, b in zip(s.row, s.below, strict=True) if b]
            gone += [b for b in s.below if b]
            s.row = [c for c, b in zip(s.row, s.below, strict=True) if not b]
            s.below = [""] * len(s.row)
            self.discard.extend(gone)
            cleared[s.id] = gone
        if self.record:
            self.event("cleanup", cards=cleared)
        decade = self.round // data.rules.rounds_per_decade
        if decade < data.rules.decades:
            for s in self.seats:
                self.draw(s, data.rules.draw_after_interim, capped=True, reason="interim")
            self.start_round()
        else:
            self.final()

    def final(self) -> None:
        data = self.data
        for s in self.seats:
            matched = order_matched(data, s.order, s.tiles, s.jokers)
            size = network(data, s.houses)
            multiplier = data.track[s.favour].multiplier
            parts = {
                "before": s.vp,
                "hand": len(s.hand),
                "order_matched": matched,
                "order": order_vp(data, matched),
                "network_size": size,
                "multiplier": multiplier,
                "network": size * multiplier,
            }
            s.vp += parts["hand"] + parts["order"] + parts["network"]
            parts["total"] = s.vp
            s.breakdown = parts
        self.phase = "over"
        if self.record:
            self.event("final", scores={s.id: dict(s.breakdown) for s in self.seats})


# ---------------------------------------------------------------- applying moves


def slot_of(p: PlayerState | Seat, move: Place) -> int:
    """The action-row position (after the row card is added) the activation card goes under."""
    return len(p.row) if move.under == p.chosen[0] else list(p.row).index(move.under)


def _choice(p: PlayerState | Seat, move: Move) -> tuple[tuple[str, ...], int, str] | None:
    """A secret choice's effect on its seat: (chosen, slot, step); None for other moves."""
    if isinstance(move, Row):
        return (move.card,), p.slot, "row"
    if isinstance(move, Place):
        return (p.chosen[0], move.act), slot_of(p, move), "place"
    if isinstance(move, Keep):
        return move.cards, p.slot, "keep"
    return None


def _ready(seat: str, step: str) -> Event:
    """The public trace of a secret choice: who made which step, never what they chose."""
    return new_event("ready", seat, step=step)


def _secret_choice(state: State, seat_index: int, move: Move) -> State | None:
    """A secret choice that reveals nothing yet changes one seat's choice and adds its event:
    the most frequent kind of move, so it skips the whole-table copy. None: not such a move."""
    p = state.players[seat_index]
    choice = _choice(p, move)
    if choice is None:
        return None
    chosen, slot, step = choice
    need = 1 if step == "keep" else 2
    players = state.players
    others_done = all(len(o.chosen) >= need for i, o in enumerate(players) if i != seat_index)
    if others_done and len(chosen) >= need:
        return None  # the last choice: the reveal needs the whole table
    seat = build(PlayerState, {**p.__dict__, "chosen": chosen, "slot": slot})
    return build(
        State,
        {
            **state.__dict__,
            "players": (*players[:seat_index], seat, *players[seat_index + 1 :]),
            "events": (_ready(p.id, step),),
            "moves_played": state.moves_played + 1,
        },
    )


def apply_move(data: Data, state: State, seat_index: int, move: Move) -> State:
    """The state after a legal move (the caller checked legality)."""
    quick = _secret_choice(state, seat_index, move)
    if quick is not None:
        return quick
    t = Table(data, state)
    play(t, t.seat(seat_index), move)
    return t.freeze()


def play(t: Table, s: Seat, move: Move) -> None:
    """A legal `move` of seat `s` played on the table (by `apply_move` and by the kernel)."""
    data = t.data
    t.moves_played += 1
    choice = _choice(s, move)
    if choice is not None:
        s.chosen, s.slot, step = choice
        if t.record:
            t.events.append(_ready(s.id, step))
        if t.everyone_chose(1 if step == "keep" else 2):  # the last one: reveal them all
            if step == "keep":
                t.finish_setup()
            else:
                t.reveal()
    elif isinstance(move, Decline):
        if t.record:
            t.event("decline", s, card=s.active)
        t.compensate(s, "decline")
        t.after_decision()
    elif isinstance(move, Pass):
        if t.record:
            t.event("pass", s, what=s.todo)
        s.todo = ""
        t.after_decision()
    elif isinstance(move, Bonus):
        _bonus(t, s, move)
        s.todo = ""
        t.after_decision()
    elif isinstance(move, Build) and t.phase == "books":
        t.build(s, move.city, "books")
        s.todo = ""
        t.after_decision()
    else:
        _action(t, s, move)
        s.todo = "bonus" if bonus_moves(data, s) else ""
        t.after_decision()


def _action(t: Table, s: Seat, move: Move) -> None:
    data = t.data
    card = data.cards[s.active]
    kind = card.action
    vp = favour = 0
    # Only these moves carry cards (a failed attribute read on a model is costly: pydantic's
    # __getattr__ raises and catches).
    cards: tuple[str, ...] = move.cards if isinstance(move, (Build, Discard)) else ()
    t.discard_cards(s, cards)
    s.discarded = cards
    if t.record:
        count = move.count if isinstance(move, Market) else None
        t.event("action", s, card=card.id, cards=list(cards), count=count)
    if isinstance(move, Build):
        t.build(s, move.city, "action")
    elif isinstance(move, Market):
        if move.count:
            t.draw(s, move.count, capped=True, reason="action")
    elif kind == "DISCARD_FOR_VP":
        vp = card.amount * (len(cards) // card.discard)
    elif kind == "DISCARD_FOR_FAVOUR":
        favour = card.amount * (len(cards) // card.discard)
    elif kind == "VP_PER_BOOK":
        vp = card.amount * own(data, s.row, s.tiles)[BOOK]
    elif kind == "VP_PER_GOODS_SET":
        vp = card.amount * min(own(data, s.row, s.tiles)[: len(GOODS)])
    elif kind == "VP":
        vp = card.amount
    elif kind == "DRAW_PER_BOOK":
        t.draw(s, card.amount * own(data, s.row, s.tiles)[BOOK], capped=True, reason="action")
    elif kind == "DRAW":
        t.draw(s, card.amount, capped=True, reason="action")
    if vp or favour:
        s.vp += vp
        moved, extra = t.gain_favour(s, favour)
        if t.record:
            t.event("gain", s, vp=vp + extra, favour=moved)


def _bonus(t: Table, s: Seat, move: Bonus) -> None:
    data = t.data
    card = data.cards[s.active]
    t.discard_cards(s, move.cards)
    if t.record:
        t.event("bonus", s, card=card.id, cards=list(move.cards))
    vp = card.bonus_vp
    if card.bonus_region_vp:
        region = set(data.region_cities[card.colour])
        vp += card.bonus_region_vp * sum(1 for c in s.houses if c in region)
    moved = extra = 0
    if card.bonus_favour:
        moved, extra = t.gain_favour(s, card.bonus_favour)
    s.vp += vp
    if (vp or moved or extra) and t.record:
        t.event("gain", s, vp=vp + extra, favour=moved)
    if card.bonus_draw:
        t.draw(s, card.bonus_draw, capped=True, reason="bonus")
