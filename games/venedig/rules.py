"""Venedig rules: legal moves per pending decision, and what each move does (digest §1)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeVar

from pydantic import BaseModel

from games.base import Event, IllegalMove
from games.venedig.catalog import DONE, Catalog, conversions
from games.venedig.data import CASA, PONTE, TYPES, Data
from games.venedig.models import (
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
)

ModelT = TypeVar("ModelT", bound=BaseModel)
FREE = "_"
SWAMP = "."


# ---------------------------------------------------------------- small helpers


def seats_around(state: State) -> int:
    """Seats in the clockwise order, counting the virtual player (after P2) in 2-player games."""
    return len(state.players) + (1 if state.virtual is not None else 0)


def seat_id(state: State, seat: int) -> str:
    return state.players[seat].id if seat < len(state.players) else VIRTUAL


def front(state: State, seat: int) -> tuple[int, ...]:
    if seat < len(state.players):
        return state.players[seat].front
    assert state.virtual is not None
    return state.virtual


def out(state: State, kind: int) -> int:
    total = state.virtual[kind] if state.virtual is not None else 0
    for player in state.players:
        total += player.front[kind]
    return total


def gold(player: PlayerState) -> int:
    return sum(player.swamp) + sum(player.treasure)


def may_convert(data: Data, player: PlayerState) -> bool:
    """Whether the tiles held could be worth a step, judged by what everyone sees (their number).

    The pause between moves and the last chance to convert depend on this, not on the values,
    so that they never tell the table that a player holds 5 gold.
    """
    best = len(player.swamp) * data.swamp_max + len(player.treasure) * data.treasure_max
    return best >= data.gold_per_step


def replace(model: ModelT, **update: Any) -> ModelT:
    """`model.model_copy(update=...)` without its generic overhead (the hot path of random play)."""
    new = _new(type(model))
    values = model.__dict__.copy()
    values.update(update)
    _set(new, "__dict__", values)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


_new = object.__new__
_set = object.__setattr__


def event(kind: str, seat: str | None = None, private_to: str | None = None, **data: Any) -> Event:
    new = object.__new__(Event)
    fields = {"kind": kind, "seat": seat, "private_to": private_to, "data": data}
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", _EVENT_FIELDS)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_EVENT_FIELDS = {"kind", "seat", "private_to", "data"}


def without(hand: tuple[int, ...], kind: int, count: int) -> tuple[int, ...]:
    items = list(hand)
    for _ in range(count):
        items.remove(kind)
    return tuple(items)


@lru_cache(maxsize=512)
def free_spaces(board: str) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(board) if c == FREE)


@lru_cache(maxsize=512)
def swamp_spaces(board: str) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(board) if c == SWAMP)


def locations(cat: Catalog, board: str, kind: int) -> tuple[int, ...]:
    """Indices into cat.locations[kind] whose spaces are all free (cached per board)."""
    key = (board, kind)
    found = cat.free_locations.get(key)
    if found is None:
        if len(cat.free_locations) > 2048:
            cat.free_locations.clear()
        free = {i for i, c in enumerate(board) if c == FREE}
        found = tuple(
            i for i, spaces in enumerate(cat.location_spaces[kind]) if free.issuperset(spaces)
        )
        cat.free_locations[key] = found
    return found


def actor(state: State) -> int | None:
    """The seat that must decide now (None when the game is over)."""
    if state.phase == "over":
        return None
    if state.phase == "locate":
        assert state.locate is not None
        holder = state.architects[state.locate]
        assert holder is not None
        return holder
    return state.turn


def builder_of(state: State, kind: int) -> int:
    holder = state.architects[kind]
    assert holder is not None
    return holder


def complete(state: State, data: Data, kind: int) -> bool:
    return kind != CASA and out(state, kind) == data.required[kind]


# ---------------------------------------------------------------- legal moves


def legal_moves(state: State, cat: Catalog, seat: int) -> list[Move]:
    if actor(state) != seat:
        return []
    data = cat.data
    phase = state.phase
    player = state.players[seat]
    moves: list[Move] = []
    if phase == "vcasa":
        return [cat.place[s] for s in free_spaces(state.board)]
    if phase == "locate":
        assert state.locate is not None
        return _placements(cat, state, state.locate, solo=False)
    if phase == "limit":
        kept = [k for k in range(1, 5) if player.front[k]]
        return [cat.keep[(a, b)] for i, a in enumerate(kept) for b in kept[i + 1 :]]
    if phase == "build":
        outs = [out(state, kind) for kind in range(5)]
        waiting = False
        for kind in range(1, 5):
            if outs[kind] == data.required[kind]:
                waiting = True
                builder = builder_of(state, kind)
                if builder == seat or builder >= len(state.players):
                    moves.extend(_placements(cat, state, kind, solo=False))
                else:
                    moves.append(cat.resolve[kind])
        hand = player.hand
        for kind in range(1, 5):
            held = hand.count(kind)
            if not held:
                continue
            room = data.required[kind] - outs[kind]
            moves.extend(cat.play[(kind, n)] for n in range(1, min(held, room) + 1))
            if held >= data.required[kind]:
                moves.extend(_placements(cat, state, kind, solo=True))
        if CASA in hand:
            spaces = free_spaces(state.board)
            moves.extend([cat.casa[s] for s in spaces] if spaces else [cat.casa_none])
        if not waiting:
            moves.append(DONE)
    elif phase == "drain":
        if state.drained < data.drain_max:
            moves.extend([cat.drain[i] for i in swamp_spaces(state.board)])
        moves.append(DONE)
    elif phase == "draw":
        moves.extend(_draws(cat, state, player))
    elif phase in ("pause", "final"):
        moves.append(DONE)
    if gold(player) >= data.gold_per_step:
        moves.extend(conversions(player.swamp + player.treasure, data.gold_per_step))
    return moves


def _placements(cat: Catalog, state: State, kind: int, *, solo: bool) -> list[Move]:
    table = cat.solo[kind] if solo else cat.build[kind]
    found: list[Move] = [table[i][1] for i in locations(cat, state.board, kind)]
    if not found:
        found.append(cat.solo_none[kind] if solo else cat.build_none[kind])
    return found


def _draws(cat: Catalog, state: State, player: PlayerState) -> list[Move]:
    data = cat.data
    size = len(player.hand)
    moves: list[Move] = []
    if size <= data.hand_limit - 1:
        moves.append(cat.draw_deck)
        moves.extend(cat.draw_pool[k] for k in state.pool)
    if size <= data.hand_limit - 2:
        for kind in sorted(set(player.hand) - set(state.pool)):
            for taken in range(len(state.pool) + 1):
                for picked in _subsets(state.pool, min(taken, 3)):
                    take = (*(TYPES[k] for k in picked), *("deck",) * (3 - len(picked)))
                    moves.append(Swap(type=TYPES[kind], take=take))
    return list(dict.fromkeys(moves))


def _subsets(items: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    if len(items) < size:
        return []
    head, rest = items[0], items[1:]
    return [(head, *tail) for tail in _subsets(rest, size - 1)] + _subsets(rest, size)


# ---------------------------------------------------------------- applying moves


def apply_move(state: State, cat: Catalog, seat: int, move: Move) -> State:
    """`move` (already known to be legal) played by `seat`."""
    events: list[Event] = []
    kind = move.kind
    if isinstance(move, Play):
        state = _play(state, cat, seat, TYPES.index(move.type), move.count, events)
    elif isinstance(move, Solo | Casa | Build):
        type_ = CASA if isinstance(move, Casa) else TYPES.index(move.type)
        spaces = None if move.at is None else cat.spaces(type_, move.at)
        district = None if isinstance(move, Casa) else move.district
        state = _build(state, cat, seat, type_, kind, spaces, district, events)
    elif isinstance(move, Resolve):
        kind_index = TYPES.index(move.type)
        events.append(event("resolve", seat_id(state, seat), type=move.type))
        state = replace(state, phase="locate", locate=kind_index)
    elif isinstance(move, Convert):
        state = _convert(state, cat, seat, move.values, events)
    elif isinstance(move, Done):
        state = _done(state, cat, events)
    elif isinstance(move, Keep):
        state = _keep(state, cat, seat, [TYPES.index(t) for t in move.types], events)
    elif isinstance(move, Drain):
        state = _drain(state, cat, seat, cat.label_index[move.at.casefold()], events)
    elif isinstance(move, Draw | Swap):
        state = _draw(state, cat, seat, move, events)
    elif isinstance(move, Place):
        state = _place_virtual_casa(state, cat, cat.label_index[move.at.casefold()], events)
    return replace(state, events=tuple(events), moves_played=state.moves_played + 1)


def _set_player(state: State, seat: int, **update: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **update)
    return replace(state, players=tuple(players))


def _set_front(state: State, seat: int, new_front: tuple[int, ...]) -> State:
    if seat < len(state.players):
        return _set_player(state, seat, front=new_front)
    return replace(state, virtual=new_front)


def join_group(state: State, seat: int, kind: int, count: int) -> tuple[State, bool]:
    """Put `count` cards of `kind` in front of `seat`; the architect follows §1.4. True if it moved."""
    own = front(state, seat)
    new_front = tuple(n + count if k == kind else n for k, n in enumerate(own))
    others = any(front(state, s)[kind] for s in range(seats_around(state)) if s != seat)
    holder = state.architects[kind]
    takes = (
        not others
        or holder is None
        or (holder != seat and new_front[kind] > front(state, holder)[kind])
    )
    state = _set_front(state, seat, new_front)
    if takes and holder != seat:
        architects = list(state.architects)
        architects[kind] = seat
        return replace(state, architects=tuple(architects)), True
    return state, False


def _play(
    state: State, cat: Catalog, seat: int, kind: int, count: int, events: list[Event]
) -> State:
    player = state.players[seat]
    state = _set_player(state, seat, hand=without(player.hand, kind, count))
    state, took = join_group(state, seat, kind, count)
    events.append(
        event(
            "play",
            player.id,
            type=TYPES[kind],
            count=count,
            architect=took,
            complete=complete(state, cat.data, kind),
        )
    )
    return state


def _build(
    state: State,
    cat: Catalog,
    seat: int,
    kind: int,
    how: str,
    spaces: tuple[int, ...] | None,
    district: str | None,
    events: list[Event],
) -> State:
    data = cat.data
    if how == "build":
        builder = builder_of(state, kind)
        shares = {s: front(state, s)[kind] for s in range(seats_around(state))}
        participants = [s for s, n in shares.items() if n]
        cards = (kind,) * sum(shares.values())
        for s in participants:
            state = _set_front(
                state, s, tuple(0 if k == kind else n for k, n in enumerate(front(state, s)))
            )
        architects = list(state.architects)
        architects[kind] = None
        state = replace(state, architects=tuple(architects), phase="build")
        state = replace(state, locate=None)
    else:
        builder = seat
        participants = [seat]
        count = data.required[kind]
        cards = (kind,) * count
        player = state.players[seat]
        state = _set_player(state, seat, hand=without(player.hand, kind, count))
        if how == "solo":
            events.append(event("solo", player.id, type=TYPES[kind]))
    state = replace(state, discard=state.discard + cards)
    return resolve_building(state, cat, kind, builder, participants, spaces, district, events)


def points_for(
    data: Data, board: str, kind: int, spaces: tuple[int, ...], district: str | None
) -> int:
    """What a piece just placed on `spaces` scores (digest §1.5 step 2; board already updated)."""
    if data.fixed_points[kind]:
        return data.fixed_points[kind]
    if kind == PONTE:
        assert district is not None
        return sum(1 for s in data.district_spaces[district] if board[s] == "0")
    around = {n for s in spaces for n in data.neighbours[s]} - set(spaces)
    with_piece = sum(1 for n in around if board[n].isdigit())
    return len(around) - with_piece if kind == TYPES.index("palazzo") else with_piece


def resolve_building(
    state: State,
    cat: Catalog,
    kind: int,
    builder: int,
    participants: list[int],
    spaces: tuple[int, ...] | None,
    district: str | None,
    events: list[Event],
) -> State:
    """Place, score, hand out treasure and queue the moves of one building (§1.5)."""
    data = cat.data
    n = len(state.players)
    who = seat_id(state, builder)
    if spaces is None:
        events.append(event("nolocation", who, type=TYPES[kind]))
        return run_moves(state, cat, events)
    board = list(state.board)
    for s in spaces:
        board[s] = str(kind)
    new_board = "".join(board)
    supply = tuple(c - 1 if k == kind else c for k, c in enumerate(state.supply))
    building = Building(type=kind, spaces=spaces, seat=builder, district=district)
    points = points_for(data, new_board, kind, spaces, district)
    around = seats_around(state)
    order = [(builder + i) % around for i in range(around)]
    order = [s for s in order if s in participants]
    gained = {s: (0 if s >= n else points) if s == builder else points // 2 for s in order}
    state = replace(state, board=new_board, supply=supply, buildings=(*state.buildings, building))
    events.append(
        event(
            "build",
            who,
            type=TYPES[kind],
            at=cat.at(kind, spaces),
            district=district,
            points={seat_id(state, s): gained[s] for s in order},
        )
    )
    if supply[kind] == 0 and not state.ending:
        state = replace(state, ending=True)
        events.append(event("trigger", who, reason="supply", type=TYPES[kind]))
    near = set(data.district_spaces) & (
        {district for site in data.sites if site.spaces == spaces for district in site.districts}
        if kind == PONTE
        else {data.district[spaces[0]]}
    )
    for s in order:
        if s >= n or not state.treasure:
            continue
        pos = state.players[s].pos
        if pos <= data.goal and data.track_adjacent[pos] & near:
            value, rest = state.treasure[0], state.treasure[1:]
            player = state.players[s]
            state = _set_player(state, s, treasure=tuple(sorted((*player.treasure, value))))
            state = replace(state, treasure=rest)
            events.append(event("treasure", player.id))
            events.append(event("treasure_value", player.id, private_to=player.id, value=value))
    movers = tuple((s, gained[s]) for s in order if s < n and gained[s] > 0)
    state = replace(state, movers=movers)
    return run_moves(state, cat, events)


def advance(positions: list[int], seat: int, steps: int) -> int:
    """Where `seat`'s gondola lands after `steps` (§1.5.1): occupied spaces are not counted.

    10 and 45 are one space; the start holds any number of gondolas.
    """
    taken = {45 if p == 10 else p for i, p in enumerate(positions) if i != seat and p > 0}
    pos = positions[seat]
    while steps > 0:
        pos += 1
        if (45 if pos == 10 else pos) not in taken:
            steps -= 1
    return pos


def move_gondola(state: State, cat: Catalog, seat: int, steps: int, events: list[Event]) -> State:
    positions = [p.pos for p in state.players]
    before = positions[seat]
    after = advance(positions, seat, steps)
    state = _set_player(state, seat, pos=after)
    events.append(event("move", state.players[seat].id, steps=steps, before=before, after=after))
    if after >= cat.data.goal and not state.ending:
        state = replace(state, ending=True)
        events.append(event("trigger", state.players[seat].id, reason="goal"))
    return state


def run_moves(state: State, cat: Catalog, events: list[Event]) -> State:
    """Move the queued gondolas; pause between two if the active player could convert gold."""
    movers = list(state.movers)
    while movers:
        seat, steps = movers.pop(0)
        state = move_gondola(state, cat, seat, steps, events)
        if movers and may_convert(cat.data, state.players[state.turn]):
            return replace(state, movers=tuple(movers), phase="pause")
    state = replace(state, movers=(), phase="build", locate=None)
    if state.ending:
        return enter_end(state, cat, events)
    return state


def _convert(
    state: State, cat: Catalog, seat: int, values: tuple[int, ...], events: list[Event]
) -> State:
    data = cat.data
    player = state.players[seat]
    swamp, treasure = list(player.swamp), list(player.treasure)
    spent_treasure = []
    for v in values:
        if v in swamp and v <= 2:
            swamp.remove(v)
        else:
            treasure.remove(v)
            spent_treasure.append(v)
    state = _set_player(state, seat, swamp=tuple(swamp), treasure=tuple(treasure))
    if spent_treasure:
        rng, stock = state.rng.shuffled((*state.treasure, *spent_treasure))
        state = replace(state, rng=rng, treasure=stock)
    steps = sum(values) // data.gold_per_step
    events.append(event("convert", player.id, values=list(values), steps=steps))
    state = move_gondola(state, cat, seat, steps, events)
    enough = may_convert(data, state.players[seat])
    if state.phase == "pause" and not enough:
        return run_moves(state, cat, events)
    if state.phase == "final" and not enough:
        return finish(state, cat, events)
    if state.ending and state.phase in ("build", "drain", "draw"):
        return enter_end(state, cat, events)
    return state


def enter_end(state: State, cat: Catalog, events: list[Event]) -> State:
    """The game has ended: the active player may still convert (Z4), then the final conversion."""
    if may_convert(cat.data, state.players[state.turn]):
        return replace(state, phase="final", movers=(), locate=None)
    return finish(state, cat, events)


def finish(state: State, cat: Catalog, events: list[Event]) -> State:
    """Final conversion from the next seat round to the active player (§1.11), then game over."""
    n = len(state.players)
    final = []
    for i in range(1, n + 1):
        seat = (state.turn + i) % n
        player = state.players[seat]
        values = player.swamp + player.treasure
        steps = sum(values) // cat.data.gold_per_step
        before = player.pos
        state = _set_player(state, seat, swamp=(), treasure=())
        state = replace(state, treasure=state.treasure + player.treasure)
        if steps:
            state = move_gondola(state, cat, seat, steps, events)
        after = state.players[seat].pos
        final.append(FinalMove(seat=seat, values=values, steps=steps, before=before, after=after))
        events.append(
            event("final", player.id, values=list(values), steps=steps, before=before, after=after)
        )
    events.append(event("over"))
    return replace(state, phase="over", final=tuple(final), movers=(), locate=None)


def _done(state: State, cat: Catalog, events: list[Event]) -> State:
    seat = state.turn
    if state.phase == "pause":
        return run_moves(state, cat, events)
    if state.phase == "final":
        return finish(state, cat, events)
    if state.phase == "drain":
        return start_draw(state, cat, events)
    events.append(event("done", state.players[seat].id))
    if sum(1 for n in state.players[seat].front if n) > cat.data.max_types:
        return replace(state, phase="limit")
    return replace(state, phase="drain")


def _keep(state: State, cat: Catalog, seat: int, kept: list[int], events: list[Event]) -> State:
    player = state.players[seat]
    dropped = [k for k in range(1, 5) if player.front[k] and k not in kept]
    cards = tuple(k for k in dropped for _ in range(player.front[k]))
    state = _set_player(
        state, seat, front=tuple(0 if k in dropped else n for k, n in enumerate(player.front))
    )
    state = replace(state, discard=state.discard + cards)
    events.append(
        event(
            "limit", player.id, kept=[TYPES[k] for k in kept], dropped=[TYPES[k] for k in dropped]
        )
    )
    architects = list(state.architects)
    around = seats_around(state)
    for kind in dropped:
        if architects[kind] != seat:
            continue
        best, best_count = None, 0
        for i in range(1, around):
            other = (seat + i) % around
            if front(state, other)[kind] > best_count:
                best, best_count = other, front(state, other)[kind]
        architects[kind] = best
        events.append(
            event("architect", None if best is None else seat_id(state, best), type=TYPES[kind])
        )
    state = replace(state, architects=tuple(architects), phase="drain")
    return state


def _drain(state: State, cat: Catalog, seat: int, space: int, events: list[Event]) -> State:
    value, bag = state.swamp_bag[0], state.swamp_bag[1:]
    board = state.board[:space] + FREE + state.board[space + 1 :]
    player = state.players[seat]
    state = _set_player(state, seat, swamp=tuple(sorted((*player.swamp, value))))
    state = replace(state, board=board, swamp_bag=bag, drained=state.drained + 1)
    at = cat.data.labels[space]
    events.append(event("drain", player.id, at=at))
    events.append(event("drain_value", player.id, private_to=player.id, at=at, value=value))
    if state.drained >= cat.data.drain_max:
        return start_draw(state, cat, events)
    return state


def take_from_deck(state: State, count: int, events: list[Event]) -> tuple[State, list[int]]:
    """Take cards off the deck, reshuffling the discard pile the moment the deck runs out (Z5)."""
    deck, discard, rng = state.deck, state.discard, state.rng
    taken: list[int] = []
    for _ in range(count):
        if not deck:
            break
        taken.append(deck[0])
        deck = deck[1:]
        if not deck and discard:
            rng, deck = rng.shuffled(discard)
            discard = ()
            events.append(event("reshuffle", deck=len(deck)))
    return replace(state, deck=deck, discard=discard, rng=rng), taken


def start_draw(state: State, cat: Catalog, events: list[Event]) -> State:
    if len(state.players[state.turn].hand) >= cat.data.hand_limit:
        events.append(event("skip_draw", state.players[state.turn].id))
        return end_turn(state, cat, events)
    return replace(state, phase="draw")


def _draw(state: State, cat: Catalog, seat: int, move: Draw | Swap, events: list[Event]) -> State:
    player = state.players[seat]
    hand = list(player.hand)
    pool = list(state.pool)
    if isinstance(move, Draw):
        sources = [move.source]
    else:
        placed = TYPES.index(move.type)
        hand.remove(placed)
        sources = list(move.take)
    from_pool = [TYPES.index(s) for s in sources if s != "deck"]
    for kind in from_pool:
        pool.remove(kind)
    if isinstance(move, Swap):
        pool.append(placed)
    state = replace(state, pool=tuple(pool))
    state, drawn = take_from_deck(state, sources.count("deck"), events)
    hand.extend(from_pool + drawn)
    state = _set_player(state, seat, hand=tuple(sorted(hand)))
    public: dict[str, Any] = {
        "pool": [TYPES[k] for k in from_pool],
        "deck": len(drawn),
    }
    if isinstance(move, Swap):
        public["placed"] = move.type
    events.append(event("draw", player.id, **public))
    if drawn:
        events.append(
            event("drawn", player.id, private_to=player.id, cards=[TYPES[k] for k in drawn])
        )
    return end_turn(state, cat, events)


def end_turn(state: State, cat: Catalog, events: list[Event]) -> State:
    if len(set(state.pool)) >= cat.data.pool_wipe:
        events.append(event("wipe", cards=[TYPES[k] for k in state.pool]))
        state = replace(state, discard=state.discard + state.pool, pool=())
        if not state.deck and state.discard:
            rng, deck = state.rng.shuffled(state.discard)
            state = replace(state, deck=deck, discard=(), rng=rng)
            events.append(event("reshuffle", deck=len(deck)))
    turn = (state.turn + 1) % len(state.players)
    state = replace(state, turn=turn, phase="build", drained=0)
    events.append(event("turn", state.players[turn].id))
    if state.virtual is not None:
        state = virtual_card(state, cat, events)
    return state


def virtual_card(state: State, cat: Catalog, events: list[Event]) -> State:
    """Before step 1 of a 2-player turn, the virtual player gets the top card (§1.10)."""
    state, cards = take_from_deck(state, 1, events)
    if not cards:
        return state
    kind = cards[0]
    assert state.virtual is not None
    if kind == CASA:
        if free_spaces(state.board):
            events.append(event("virtual", VIRTUAL, card=TYPES[kind], result="casa"))
            return replace(state, phase="vcasa", discard=(*state.discard, kind))
        events.append(event("virtual", VIRTUAL, card=TYPES[kind], result="discarded"))
        return replace(state, discard=(*state.discard, kind))
    others = [k for k in range(1, 5) if state.virtual[k] and k != kind]
    if len(others) >= cat.data.max_types or out(state, kind) >= cat.data.required[kind]:
        events.append(event("virtual", VIRTUAL, card=TYPES[kind], result="discarded"))
        return replace(state, discard=(*state.discard, kind))
    state, took = join_group(state, len(state.players), kind, 1)
    events.append(
        event(
            "virtual",
            VIRTUAL,
            card=TYPES[kind],
            result="joined",
            architect=took,
            complete=complete(state, cat.data, kind),
        )
    )
    return state


def _place_virtual_casa(state: State, cat: Catalog, space: int, events: list[Event]) -> State:
    board = state.board[:space] + str(CASA) + state.board[space + 1 :]
    supply = (state.supply[CASA] - 1, *state.supply[1:])
    building = Building(type=CASA, spaces=(space,), seat=len(state.players))
    state = replace(
        state,
        board=board,
        supply=supply,
        buildings=(*state.buildings, building),
        phase="build",
    )
    events.append(event("place", VIRTUAL, at=cat.data.labels[space]))
    if supply[CASA] == 0:
        events.append(event("trigger", VIRTUAL, reason="supply", type="casa"))
        return enter_end(replace(state, ending=True), cat, events)
    return state


# ---------------------------------------------------------------- explaining refusals


def explain(state: State, cat: Catalog, seat: int, move: Move) -> IllegalMove:
    """Why a well-formed move is not legal now, in words a player understands."""
    data = cat.data
    phase = state.phase
    player = state.players[seat]
    steps = {
        "vcasa": (
            "First place the virtual player's Casa (`place A7`).",
            "先に仮想プレーヤーの家を置いてください（`配置 A7`）。",
        ),
        "locate": (
            "Choose where the building goes (`build …`).",
            "建物を置く場所を選んでください（`建設 …`）。",
        ),
        "pause": (
            "Convert gold or go on moving (`done`).",
            "金を換えるか、移動を続けてください（`完了`）。",
        ),
        "limit": (
            "Choose the two types you keep (`keep …`).",
            "残す2種類を選んでください（`残す …`）。",
        ),
        "final": (
            "The game has ended: convert gold or `done`.",
            "ゲーム終了です。金を換えるか`完了`。",
        ),
        "drain": ("Now drain (`drain A7`) or `done`.", "今は干拓（`干拓 A7`）か`完了`です。"),
        "draw": (
            "Now draw cards (`draw deck`, `swap …`).",
            "今はカードの補充です（`引く 山札`、`交換 …`）。",
        ),
    }
    if isinstance(move, Convert):
        if sum(move.values) < data.gold_per_step:
            return IllegalMove(
                f"{data.gold_per_step} gold make one step; {sum(move.values)} is not enough.",
                f"{data.gold_per_step}金で1マスです。{sum(move.values)}金では足りません。",
            )
        return IllegalMove(
            "You do not hold gold tiles of those values (tiles worth 0 are not spent).",
            "その金額の金タイルを持っていません（0金のタイルは使いません）。",
        )
    if isinstance(move, Drain) and phase == "drain":
        if state.drained >= data.drain_max:
            return IllegalMove(
                "You may drain at most 2 swamp tiles a turn.", "干拓は1手番に2枚までです。"
            )
        return IllegalMove(
            f"There is no swamp tile on {move.at}.", f"{move.at}に沼地タイルはありません。"
        )
    if isinstance(move, Swap) and phase == "draw":
        if len(player.hand) > data.hand_limit - 2:
            return IllegalMove(
                "Option 2 needs 3 cards or fewer in hand.", "補充方法2は手札3枚以下のときだけです。"
            )
        if move.type in (TYPES[k] for k in state.pool):
            return IllegalMove(
                "The card you put into the pool must be of a type not in the pool.",
                "プールに置くカードは、プールにない種類でなければなりません。",
            )
        if move.type in move.take:
            return IllegalMove(
                "You cannot take back the card you just placed.",
                "置いたカードを取ることはできません。",
            )
        pool_first = list(move.take) == sorted(move.take, key=lambda s: s == "deck")
        if not pool_first:
            return IllegalMove(
                "Take the pool cards first, then the deck.",
                "プールから先に取り、残りを山札から取ります。",
            )
        return IllegalMove(
            "That card is not in your hand or the pool.", "そのカードは手札かプールにありません。"
        )
    if isinstance(move, Draw) and phase == "draw":
        if len(player.hand) >= data.hand_limit:
            return IllegalMove("Your hand is full.", "手札が上限です。")
        return IllegalMove(
            f"There is no {move.source} in the pool.", "そのカードはプールにありません。"
        )
    if phase in steps and not (
        (phase == "drain" and isinstance(move, Drain | Done))
        or (phase == "draw" and isinstance(move, Draw | Swap))
        or (phase in ("pause", "final") and isinstance(move, Done))
        or (phase == "vcasa" and isinstance(move, Place))
        or (phase == "limit" and isinstance(move, Keep))
        or (phase == "locate" and isinstance(move, Build))
    ):
        en, ja = steps[phase]
        return IllegalMove(en, ja)
    if isinstance(move, Play):
        kind = TYPES.index(move.type) if move.type in TYPES else -1
        if kind <= 0:
            return IllegalMove(
                "Casa cards are played with `casa A7`.", "家のカードは`家 A7`で出します。"
            )
        if player.hand.count(kind) < move.count:
            return IllegalMove(
                "You do not have that many of those cards.", "そのカードをそれだけ持っていません。"
            )
        room = data.required[kind] - out(state, kind)
        return IllegalMove(
            f"Only {room} more {move.type} card(s) may join that building.",
            f"その建物に出せるのはあと{room}枚です。",
        )
    if isinstance(move, Done) and phase == "build":
        return IllegalMove(
            "A completed building must be built before step 1 ends.",
            "完成した建物は、建設アクションの終了前に建てなければなりません。",
        )
    if isinstance(move, Solo | Casa | Build | Place):
        where = getattr(move, "at", None)
        return IllegalMove(
            f"You cannot build that there ({where or 'no location'}) now.",
            f"今その場所（{where or 'なし'}）には建てられません。",
        )
    return IllegalMove("That move is not possible now.", "今その手はできません。")
