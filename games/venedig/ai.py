"""Computer players for Venedig: a random one and a greedy one that values moves by steps gained."""

from __future__ import annotations

import random
from typing import Any

from games.adapters import RANDOM_AI, AiKind
from games.base import Game
from games.venedig import core
from games.venedig.catalog import Catalog
from games.venedig.data import CASA, PONTE, TYPES
from games.venedig.models import (
    Build,
    Casa,
    Convert,
    Drain,
    Draw,
    Keep,
    Move,
    Play,
    Resolve,
    Solo,
    State,
    Swap,
)


class GreedyPlayer:
    """Takes the move worth the most steps now: big buildings first, with treasure as a bonus.

    Cards are played into groups it can lead, it drains and draws as much as allowed, and it
    converts gold as soon as it can (moving early makes others jump over it, not the reverse).
    Its choice is `greedy_choice`, which the playout kernel asks too.
    """

    def choose(
        self, game: Game[Any, Any, Any], state: State, seat: str, rng: random.Random
    ) -> Move:
        moves: list[Move] = game.legal_moves(state, seat)
        index = game.players(state).index(seat)
        return greedy_choice(state, game.catalog, index, moves, rng)  # type: ignore[attr-defined]

    def ranked(
        self, game: Game[Any, Any, Any], state: State, seat: str, rng: random.Random
    ) -> list[Move]:
        """The legal moves best first (ties in random order); the search AI picks its
        candidates from the front of this list."""
        moves: list[Move] = game.legal_moves(state, seat)
        index = game.players(state).index(seat)
        scored = scored_moves(state, game.catalog, index, moves, rng)  # type: ignore[attr-defined]
        scored.sort(key=lambda entry: (entry[0], entry[1]), reverse=True)
        return [entry[2] for entry in scored]


def greedy_choice(
    state: core.Position, catalog: Catalog, seat: int, moves: list[Move], rng: random.Random
) -> Move:
    """The greedy AI's move among `moves` (the seat's legal moves), on a state or a rules.Table:
    the best value, ties broken by one `rng.random()` per move, drawn in the moves' order."""
    scored = scored_moves(state, catalog, seat, moves, rng)
    best = scored[0]
    for entry in scored:
        if entry[0] > best[0] or (entry[0] == best[0] and entry[1] > best[1]):
            best = entry
    return best[2]


def scored_moves(
    state: core.Position, catalog: Catalog, seat: int, moves: list[Move], rng: random.Random
) -> list[tuple[float, float, Move]]:
    """Each move with its value and a random tie-break, in the moves' order."""
    return [(value(state, catalog, seat, m), rng.random(), m) for m in moves]


def value(state: core.Position, catalog: Catalog, seat: int, move: Move) -> float:
    """What the greedy AI thinks `move` of `seat` is worth, in steps."""
    data = catalog.data
    player = state.players[seat]
    if isinstance(move, Solo | Build | Casa):
        kind = CASA if isinstance(move, Casa) else TYPES.index(move.type)
        if move.at is None:
            return -1.0
        spaces = catalog.spaces(kind, move.at)
        assert spaces is not None
        district = None if isinstance(move, Casa) else move.district
        points = data.fixed_points[kind]
        if not points:  # scored by what lies around it: on the board with the piece placed
            board = list(state.board)
            for s in spaces:
                board[s] = str(kind)
            points = core.points_for(data, "".join(board), kind, spaces, district)
        near = (
            {d for site in data.sites if site.spaces == spaces for d in site.districts}
            if kind == PONTE
            else {data.district[spaces[0]]}
        )
        treasure = 0.9 if player.pos <= data.goal and data.track_adjacent[player.pos] & near else 0
        builder = seat if not isinstance(move, Build) else state.architects[kind]
        mine = points if builder == seat else points // 2
        cost = 0.25 * data.required[kind] if isinstance(move, Solo) else 0
        return mine + treasure - cost + 0.5
    if isinstance(move, Play):
        kind = TYPES.index(move.type)
        holder = state.architects[kind]
        leads = (
            holder is None
            or holder == seat
            or (player.front[kind] + move.count > core.front(state, holder)[kind])
        )
        types_out = {k for k in range(1, 5) if player.front[k]}
        if kind not in types_out and len(types_out) >= data.max_types:
            return -2.0
        if not leads:
            return -0.5
        completes = core.out(state, kind) + move.count == data.required[kind]
        return 1.2 * move.count + (2.0 if completes else 0.0)
    if isinstance(move, Resolve):
        return 1.0
    if isinstance(move, Convert):
        total = sum(move.values)
        return float(1.5 + total // data.gold_per_step - 0.3 * (total % data.gold_per_step))
    if isinstance(move, Keep):
        return float(sum(player.front[TYPES.index(t)] for t in move.types))
    if isinstance(move, Drain):
        # A space beside the canal our gondola is on: a later Casa there brings treasure.
        space = catalog.label_index[move.at.casefold()]
        beside = player.pos <= data.goal and data.district[space] in data.track_adjacent[player.pos]
        return 0.7 if beside else 0.5
    if isinstance(move, Swap):
        useful = sum(1 for t in move.take if t != "deck" and player.front[TYPES.index(t)])
        return 2.0 + 0.3 * useful - 0.05 * move.take.count("deck")
    if isinstance(move, Draw):
        wanted = move.source != "deck" and player.front[TYPES.index(move.source)] > 0
        return 1.3 if wanted else 1.0
    return 0.0


KINDS = (
    AiKind(
        key="greedy",
        texts={
            "en": "takes the move worth the most steps now",
            "ja": "いま最も多く進める手を選ぶ",
        },
        make=GreedyPlayer,
    ),
    RANDOM_AI,
)
