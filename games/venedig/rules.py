"""Venedig rules: what each move does, from playing cards to the final conversion (digest §1).

Every move is played on a `Table`, a mutable working copy of the state: `apply_move` copies the
frozen state into one, plays the move and freezes it again with the move's events; the playout
kernel (`kernel.Kernel`) keeps one table for a whole playout and records no events. The same
functions play the moves either way, and `legal.legal_moves` reads a table as it reads a state,
so the rules are written once.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from games.base import Event, Rng
from games.fastbuild import build, event, replace
from games.venedig.catalog import Catalog
from games.venedig.core import (
    advance,
    builder_of,
    complete,
    front,
    may_convert,
    out,
    points_for,
    seat_id,
    seats_around,
    without,
)
from games.venedig.data import CASA, PONTE, TYPES
from games.venedig.models import (
    FREE,
    SWAMP,
    VIRTUAL,
    Build,
    Building,
    Casa,
    Convert,
    Done,
    Drain,
    Draw,
    FinalMove,
    Keep,
    Move,
    Place,
    Play,
    PlayerState,
    Resolve,
    Solo,
    State,
    Swap,
    free_spaces,
    swamp_spaces,
)

# ---------------------------------------------------------------- the mutable table


class Seat:
    """One player's state while moves are played on a `Table`."""

    __slots__ = ("front", "hand", "id", "pos", "swamp", "treasure")

    def __init__(self, p: PlayerState) -> None:
        self.id = p.id
        self.hand = p.hand
        self.front = p.front
        self.pos = p.pos
        self.swamp = p.swamp
        self.treasure = p.treasure

    def freeze(self) -> PlayerState:
        return build(
            PlayerState,
            {
                "id": self.id,
                "hand": self.hand,
                "front": self.front,
                "pos": self.pos,
                "swamp": self.swamp,
                "treasure": self.treasure,
            },
        )


class Table:
    """A state being changed: by one move (`apply_move`, which records the events), or by a
    whole playout (`kernel.Kernel`, which records none). It reads as a `core.Position`."""

    def __init__(self, state: State, cat: Catalog, record: bool = True) -> None:
        self.cat = cat
        self.data = cat.data
        self.record = record
        self.options = state.options
        self.rng: Rng = state.rng
        # A player is copied into a `Seat` when first changed: most moves change one or none.
        self.players: list[PlayerState | Seat] = list(state.players)
        self.virtual = state.virtual
        self.architects: list[int | None] = list(state.architects)
        self.board = state.board
        # The board's free and swamp spaces, scanned when first read (`free`, `swamps`) and
        # from then on kept up to date by `put`, where a state scans each new board (cached per
        # board): a playout's table lists them at every build and drain. A table that plays
        # one move (`apply_move`) seldom reads them, and then scans as a state would.
        self.free_known: tuple[int, ...] | None = None
        self.swamps_known: tuple[int, ...] | None = None
        self.buildings = list(state.buildings)
        self.supply = state.supply
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.pool = list(state.pool)
        self.swamp_bag = list(state.swamp_bag)
        self.treasure = list(state.treasure)
        self.turn = state.turn
        self.phase: str = state.phase
        self.drained = state.drained
        self.locate = state.locate
        self.movers = list(state.movers)
        self.ending = state.ending
        self.final = state.final
        self.moves_played = state.moves_played
        self.events: list[Event] = []

    @property
    def free(self) -> tuple[int, ...]:
        """The board's free spaces, in order (as `State.free`)."""
        if self.free_known is None:
            self.free_known = free_spaces(self.board)
        return self.free_known

    @property
    def swamps(self) -> tuple[int, ...]:
        """The board's swamp spaces, in order (as `State.swamps`)."""
        if self.swamps_known is None:
            self.swamps_known = swamp_spaces(self.board)
        return self.swamps_known

    def put(self, spaces: tuple[int, ...], piece: str) -> None:
        """Write `piece` (a building's type, or FREE where a swamp is drained) on `spaces` of
        the board, and keep the spaces known as a scan of the new board would find them."""
        board = self.board
        for s in spaces:
            was = board[s]
            # One space at a time, by slices: a list of the 100 characters joined again cost
            # about 12,000 instructions, and a playout puts a piece on almost every turn.
            board = board[:s] + piece + board[s + 1 :]
            free = self.free_known
            if free is not None and (was == FREE) != (piece == FREE):
                self.free_known = _added(free, s) if piece == FREE else _removed(free, s)
            swamps = self.swamps_known
            if swamps is not None and (was == SWAMP) != (piece == SWAMP):
                self.swamps_known = _added(swamps, s) if piece == SWAMP else _removed(swamps, s)
        self.board = board

    def freeze(self) -> State:
        """The table as a frozen state (with the events recorded since it was made)."""
        return build(
            State,
            {
                "game": "venedig",
                "options": self.options,
                "rng": self.rng,
                "players": tuple(p.freeze() if isinstance(p, Seat) else p for p in self.players),
                "virtual": self.virtual,
                "architects": tuple(self.architects),
                "board": self.board,
                "buildings": tuple(self.buildings),
                "supply": self.supply,
                "deck": tuple(self.deck),
                "discard": tuple(self.discard),
                "pool": tuple(self.pool),
                "swamp_bag": tuple(self.swamp_bag),
                "treasure": tuple(self.treasure),
                "turn": self.turn,
                "phase": self.phase,
                "drained": self.drained,
                "locate": self.locate,
                "movers": tuple(self.movers),
                "ending": self.ending,
                "final": self.final,
                "events": tuple(self.events),
                "moves_played": self.moves_played,
            },
        )

    def seat(self, index: int) -> Seat:
        """Player `index`, to be changed."""
        found = self.players[index]
        if isinstance(found, Seat):
            return found
        copied = self.players[index] = Seat(found)
        return copied

    def set_front(self, seat: int, new_front: tuple[int, ...]) -> None:
        """The cards in front of `seat` (the virtual player's beyond the players)."""
        if seat < len(self.players):
            self.seat(seat).front = new_front
        else:
            self.virtual = new_front

    def event(
        self, kind: str, seat: str | None = None, private_to: str | None = None, **data: Any
    ) -> None:
        """Record an event; callers ask `record` first, so that a playout builds none."""
        self.events.append(event(kind, seat, private_to, **data))


def _added(spaces: tuple[int, ...], space: int) -> tuple[int, ...]:
    """The ordered `spaces` with `space` (not among them) added in its place."""
    at = bisect_left(spaces, space)
    return (*spaces[:at], space, *spaces[at:])


def _removed(spaces: tuple[int, ...], space: int) -> tuple[int, ...]:
    """The ordered `spaces` without `space` (one of them)."""
    at = bisect_left(spaces, space)
    return spaces[:at] + spaces[at + 1 :]


# ---------------------------------------------------------------- applying moves


def apply_move(state: State, cat: Catalog, seat: int, move: Move) -> State:
    """`move` (already known to be legal) played by `seat`."""
    t = Table(state, cat)
    play(t, seat, move)
    return t.freeze()


def play(t: Table, seat: int, move: Move) -> None:
    """`move` (already known to be legal) played by `seat` on the table."""
    cat = t.cat
    # Dispatched on the exact class (no move model has subclasses): isinstance against a
    # pydantic model class goes through its metaclass's generic check, on every move.
    if type(move) is Play:
        _play(t, seat, TYPES.index(move.type), move.count)
    elif type(move) is Solo or type(move) is Build:
        type_ = TYPES.index(move.type)
        spaces = None if move.at is None else cat.spaces(type_, move.at)
        _build(t, seat, type_, move.kind, spaces, move.district)
    elif type(move) is Casa:
        spaces = None if move.at is None else cat.spaces(CASA, move.at)
        _build(t, seat, CASA, move.kind, spaces, None)
    elif type(move) is Resolve:
        if t.record:
            t.event("resolve", seat_id(t, seat), type=move.type)
        t.phase = "locate"
        t.locate = TYPES.index(move.type)
    elif type(move) is Convert:
        _convert(t, seat, move.values)
    elif type(move) is Done:
        _done(t)
    elif type(move) is Keep:
        _keep(t, seat, [TYPES.index(k) for k in move.types])
    elif type(move) is Drain:
        _drain(t, seat, cat.label_index[move.at.casefold()])
    elif type(move) is Draw or type(move) is Swap:
        _draw(t, seat, move)
    elif type(move) is Place:
        _place_virtual_casa(t, cat.label_index[move.at.casefold()])
    t.moves_played += 1


def join_group(t: Table, seat: int, kind: int, count: int) -> bool:
    """Put `count` cards of `kind` in front of `seat`; the architect follows §1.4. True if it moved."""
    own = front(t, seat)
    new_front = tuple(n + count if k == kind else n for k, n in enumerate(own))
    others = any(front(t, s)[kind] for s in range(seats_around(t)) if s != seat)
    holder = t.architects[kind]
    takes = (
        not others
        or holder is None
        or (holder != seat and new_front[kind] > front(t, holder)[kind])
    )
    t.set_front(seat, new_front)
    if takes and holder != seat:
        t.architects[kind] = seat
        return True
    return False


def _play(t: Table, seat: int, kind: int, count: int) -> None:
    player = t.seat(seat)
    player.hand = without(player.hand, kind, count)
    took = join_group(t, seat, kind, count)
    if t.record:
        t.event(
            "play",
            player.id,
            type=TYPES[kind],
            count=count,
            architect=took,
            complete=complete(t, t.data, kind),
        )


def _build(
    t: Table,
    seat: int,
    kind: int,
    how: str,
    spaces: tuple[int, ...] | None,
    district: str | None,
) -> None:
    if how == "build":
        builder = builder_of(t, kind)
        shares = {s: front(t, s)[kind] for s in range(seats_around(t))}
        participants = [s for s, n in shares.items() if n]
        cards = [kind] * sum(shares.values())
        for s in participants:
            t.set_front(s, tuple(0 if k == kind else n for k, n in enumerate(front(t, s))))
        t.architects[kind] = None
        t.phase = "build"
        t.locate = None
    else:
        builder = seat
        participants = [seat]
        count = t.data.required[kind]
        cards = [kind] * count
        player = t.seat(seat)
        player.hand = without(player.hand, kind, count)
        if how == "solo" and t.record:
            t.event("solo", player.id, type=TYPES[kind])
    t.discard.extend(cards)
    resolve_building(t, kind, builder, participants, spaces, district)


def resolve_building(
    t: Table,
    kind: int,
    builder: int,
    participants: list[int],
    spaces: tuple[int, ...] | None,
    district: str | None,
) -> None:
    """Place, score, hand out treasure and queue the moves of one building (§1.5)."""
    data = t.data
    n = len(t.players)
    who = seat_id(t, builder)
    if spaces is None:
        if t.record:
            t.event("nolocation", who, type=TYPES[kind])
        run_moves(t)
        return
    t.put(spaces, str(kind))
    t.supply = tuple(c - 1 if k == kind else c for k, c in enumerate(t.supply))
    t.buildings.append(
        build(Building, {"type": kind, "spaces": spaces, "seat": builder, "district": district})
    )
    points = points_for(data, t.board, kind, spaces, district)
    around = seats_around(t)
    order = [(builder + i) % around for i in range(around)]
    order = [s for s in order if s in participants]
    gained = {s: (0 if s >= n else points) if s == builder else points // 2 for s in order}
    if t.record:
        t.event(
            "build",
            who,
            type=TYPES[kind],
            at=t.cat.at(kind, spaces),
            district=district,
            points={seat_id(t, s): gained[s] for s in order},
        )
    if t.supply[kind] == 0 and not t.ending:
        t.ending = True
        if t.record:
            t.event("trigger", who, reason="supply", type=TYPES[kind])
    near = set(data.district_spaces) & (
        {district for site in data.sites if site.spaces == spaces for district in site.districts}
        if kind == PONTE
        else {data.district[spaces[0]]}
    )
    for s in order:
        if s >= n or not t.treasure:
            continue
        pos = t.players[s].pos
        if pos <= data.goal and data.track_adjacent[pos] & near:
            value = t.treasure.pop(0)
            player = t.seat(s)
            player.treasure = tuple(sorted((*player.treasure, value)))
            if t.record:
                t.event("treasure", player.id)
                t.event("treasure_value", player.id, private_to=player.id, value=value)
    t.movers = [(s, gained[s]) for s in order if s < n and gained[s] > 0]
    run_moves(t)


def move_gondola(t: Table, seat: int, steps: int) -> None:
    positions = [p.pos for p in t.players]
    before = positions[seat]
    after = advance(positions, seat, steps)
    player = t.seat(seat)
    player.pos = after
    if t.record:
        t.event("move", player.id, steps=steps, before=before, after=after)
    if after >= t.data.goal and not t.ending:
        t.ending = True
        if t.record:
            t.event("trigger", player.id, reason="goal")


def run_moves(t: Table) -> None:
    """Move the queued gondolas; pause between two if the active player could convert gold."""
    data = t.data
    while t.movers:
        seat, steps = t.movers.pop(0)
        move_gondola(t, seat, steps)
        if t.movers and may_convert(data, t.players[t.turn]):
            t.phase = "pause"
            return
    t.movers = []
    t.phase = "build"
    t.locate = None
    if t.ending:
        enter_end(t)


def _convert(t: Table, seat: int, values: tuple[int, ...]) -> None:
    data = t.data
    player = t.seat(seat)
    swamp, treasure = list(player.swamp), list(player.treasure)
    spent_treasure = []
    for v in values:
        if v in swamp and v <= 2:
            swamp.remove(v)
        else:
            treasure.remove(v)
            spent_treasure.append(v)
    player.swamp = tuple(swamp)
    player.treasure = tuple(treasure)
    if spent_treasure:
        t.rng, stock = t.rng.shuffled((*t.treasure, *spent_treasure))
        t.treasure = list(stock)
    steps = sum(values) // data.gold_per_step
    if t.record:
        t.event("convert", player.id, values=list(values), steps=steps)
    move_gondola(t, seat, steps)
    enough = may_convert(data, player)
    if t.phase == "pause" and not enough:
        run_moves(t)
    elif t.phase == "final" and not enough:
        finish(t)
    elif t.ending and t.phase in ("build", "drain", "draw"):
        enter_end(t)


def enter_end(t: Table) -> None:
    """The game has ended: the active player may still convert (Z4), then the final conversion."""
    if may_convert(t.data, t.players[t.turn]):
        t.phase = "final"
        t.movers = []
        t.locate = None
    else:
        finish(t)


def finish(t: Table) -> None:
    """Final conversion from the next seat round to the active player (§1.11), then game over."""
    n = len(t.players)
    final = []
    for i in range(1, n + 1):
        seat = (t.turn + i) % n
        player = t.seat(seat)
        values = player.swamp + player.treasure
        steps = sum(values) // t.data.gold_per_step
        before = player.pos
        t.treasure.extend(player.treasure)
        player.swamp = ()
        player.treasure = ()
        if steps:
            move_gondola(t, seat, steps)
        after = player.pos
        final.append(FinalMove(seat=seat, values=values, steps=steps, before=before, after=after))
        if t.record:
            t.event(
                "final", player.id, values=list(values), steps=steps, before=before, after=after
            )
    if t.record:
        t.event("over")
    t.phase = "over"
    t.final = tuple(final)
    t.movers = []
    t.locate = None


def _done(t: Table) -> None:
    phase = t.phase
    if phase == "pause":
        run_moves(t)
    elif phase == "final":
        finish(t)
    elif phase == "drain":
        start_draw(t)
    else:
        player = t.players[t.turn]
        if t.record:
            t.event("done", player.id)
        types_out = sum(1 for n in player.front if n)
        t.phase = "limit" if types_out > t.data.max_types else "drain"


def _keep(t: Table, seat: int, kept: list[int]) -> None:
    player = t.seat(seat)
    dropped = [k for k in range(1, 5) if player.front[k] and k not in kept]
    t.discard.extend(k for k in dropped for _ in range(player.front[k]))
    player.front = tuple(0 if k in dropped else n for k, n in enumerate(player.front))
    if t.record:
        t.event(
            "limit", player.id, kept=[TYPES[k] for k in kept], dropped=[TYPES[k] for k in dropped]
        )
    around = seats_around(t)
    for kind in dropped:
        if t.architects[kind] != seat:
            continue
        best, best_count = None, 0
        for i in range(1, around):
            other = (seat + i) % around
            if front(t, other)[kind] > best_count:
                best, best_count = other, front(t, other)[kind]
        t.architects[kind] = best
        if t.record:
            t.event("architect", None if best is None else seat_id(t, best), type=TYPES[kind])
    t.phase = "drain"


def _drain(t: Table, seat: int, space: int) -> None:
    value = t.swamp_bag.pop(0)
    t.put((space,), FREE)
    player = t.seat(seat)
    player.swamp = tuple(sorted((*player.swamp, value)))
    t.drained += 1
    if t.record:
        at = t.data.labels[space]
        t.event("drain", player.id, at=at)
        t.event("drain_value", player.id, private_to=player.id, at=at, value=value)
    if t.drained >= t.data.drain_max:
        start_draw(t)


def take_from_deck(t: Table, count: int) -> list[int]:
    """Take cards off the deck, reshuffling the discard pile the moment the deck runs out (Z5)."""
    taken: list[int] = []
    for _ in range(count):
        if not t.deck:
            break
        taken.append(t.deck.pop(0))
        if not t.deck and t.discard:
            _reshuffle(t)
    return taken


def _reshuffle(t: Table) -> None:
    t.rng, deck = t.rng.shuffled(t.discard)
    t.deck = list(deck)
    t.discard = []
    if t.record:
        t.event("reshuffle", deck=len(t.deck))


def start_draw(t: Table) -> None:
    player = t.players[t.turn]
    if len(player.hand) >= t.data.hand_limit:
        if t.record:
            t.event("skip_draw", player.id)
        end_turn(t)
    else:
        t.phase = "draw"


def _draw(t: Table, seat: int, move: Draw | Swap) -> None:
    player = t.seat(seat)
    hand = list(player.hand)
    if isinstance(move, Draw):
        sources = [move.source]
    else:
        placed = TYPES.index(move.type)
        hand.remove(placed)
        sources = list(move.take)
    from_pool = [TYPES.index(s) for s in sources if s != "deck"]
    for kind in from_pool:
        t.pool.remove(kind)
    if isinstance(move, Swap):
        t.pool.append(placed)
    drawn = take_from_deck(t, sources.count("deck"))
    hand.extend(from_pool + drawn)
    player.hand = tuple(sorted(hand))
    if t.record:
        public: dict[str, Any] = {"pool": [TYPES[k] for k in from_pool], "deck": len(drawn)}
        if isinstance(move, Swap):
            public["placed"] = move.type
        t.event("draw", player.id, **public)
        if drawn:
            t.event("drawn", player.id, private_to=player.id, cards=[TYPES[k] for k in drawn])
    end_turn(t)


def end_turn(t: Table) -> None:
    if len(set(t.pool)) >= t.data.pool_wipe:
        if t.record:
            t.event("wipe", cards=[TYPES[k] for k in t.pool])
        t.discard.extend(t.pool)
        t.pool = []
        if not t.deck and t.discard:
            _reshuffle(t)
    t.turn = (t.turn + 1) % len(t.players)
    t.phase = "build"
    t.drained = 0
    if t.record:
        t.event("turn", t.players[t.turn].id)
    if t.virtual is not None:
        _virtual_card(t)


def virtual_card(state: State, cat: Catalog, events: list[Event]) -> State:
    """Before step 1 of a 2-player turn, the virtual player gets the top card (§1.10); its
    events go to `events`, the state's own stay as they were."""
    t = Table(state, cat)
    _virtual_card(t)
    events.extend(t.events)
    return replace(t.freeze(), events=state.events)


def _virtual_card(t: Table) -> None:
    cards = take_from_deck(t, 1)
    if not cards:
        return
    kind = cards[0]
    virtual = t.virtual
    assert virtual is not None
    data = t.data
    if kind == CASA:
        if t.free:
            if t.record:
                t.event("virtual", VIRTUAL, card=TYPES[kind], result="casa")
            t.phase = "vcasa"
        else:
            if t.record:
                t.event("virtual", VIRTUAL, card=TYPES[kind], result="discarded")
        t.discard.append(kind)
        return
    others = [k for k in range(1, 5) if virtual[k] and k != kind]
    if len(others) >= data.max_types or out(t, kind) >= data.required[kind]:
        if t.record:
            t.event("virtual", VIRTUAL, card=TYPES[kind], result="discarded")
        t.discard.append(kind)
        return
    took = join_group(t, len(t.players), kind, 1)
    if t.record:
        t.event(
            "virtual",
            VIRTUAL,
            card=TYPES[kind],
            result="joined",
            architect=took,
            complete=complete(t, data, kind),
        )


def _place_virtual_casa(t: Table, space: int) -> None:
    t.put((space,), str(CASA))
    t.supply = (t.supply[CASA] - 1, *t.supply[1:])
    t.buildings.append(
        build(
            Building, {"type": CASA, "spaces": (space,), "seat": len(t.players), "district": None}
        )
    )
    t.phase = "build"
    if t.record:
        t.event("place", VIRTUAL, at=t.data.labels[space])
    if t.supply[CASA] == 0:
        if t.record:
            t.event("trigger", VIRTUAL, reason="supply", type="casa")
        t.ending = True
        enter_end(t)
