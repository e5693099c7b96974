"""Venedig rules: what each move does, from playing cards to the final conversion (digest §1)."""

from __future__ import annotations

from typing import Any

from games.base import Event
from games.fastbuild import event, replace
from games.venedig.catalog import Catalog
from games.venedig.core import (
    FREE,
    advance,
    builder_of,
    complete,
    free_spaces,
    front,
    may_convert,
    out,
    points_for,
    seat_id,
    seats_around,
    set_front,
    set_player,
    without,
)
from games.venedig.data import CASA, PONTE, TYPES
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
    Resolve,
    Solo,
    State,
    Swap,
)

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
    state = set_front(state, seat, new_front)
    if takes and holder != seat:
        architects = list(state.architects)
        architects[kind] = seat
        return replace(state, architects=tuple(architects)), True
    return state, False


def _play(
    state: State, cat: Catalog, seat: int, kind: int, count: int, events: list[Event]
) -> State:
    player = state.players[seat]
    state = set_player(state, seat, hand=without(player.hand, kind, count))
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
            state = set_front(
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
        state = set_player(state, seat, hand=without(player.hand, kind, count))
        if how == "solo":
            events.append(event("solo", player.id, type=TYPES[kind]))
    state = replace(state, discard=state.discard + cards)
    return resolve_building(state, cat, kind, builder, participants, spaces, district, events)


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
            state = set_player(state, s, treasure=tuple(sorted((*player.treasure, value))))
            state = replace(state, treasure=rest)
            events.append(event("treasure", player.id))
            events.append(event("treasure_value", player.id, private_to=player.id, value=value))
    movers = tuple((s, gained[s]) for s in order if s < n and gained[s] > 0)
    state = replace(state, movers=movers)
    return run_moves(state, cat, events)


def move_gondola(state: State, cat: Catalog, seat: int, steps: int, events: list[Event]) -> State:
    positions = [p.pos for p in state.players]
    before = positions[seat]
    after = advance(positions, seat, steps)
    state = set_player(state, seat, pos=after)
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
    state = set_player(state, seat, swamp=tuple(swamp), treasure=tuple(treasure))
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
        state = set_player(state, seat, swamp=(), treasure=())
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
    state = set_player(
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
    state = set_player(state, seat, swamp=tuple(sorted((*player.swamp, value))))
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
    state = set_player(state, seat, hand=tuple(sorted(hand)))
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
