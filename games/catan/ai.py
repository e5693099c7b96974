"""Computer players for the Catan card game: a random one and a greedy one.

The greedy player builds whatever brings the most VP now (cheapest payment first), aims its
exchanges at the next build it wants, always draws every card it may, and discards surplus.
"""

from __future__ import annotations

import random
from typing import Any

from games.adapters import AiKind
from games.base import Game
from games.catan import rules
from games.catan.data import RESOURCES, CatanData
from games.catan.models import (
    Build,
    Counts,
    Discard,
    Draw,
    EndExchange,
    Guild,
    Look,
    MarketSwap,
    Move,
    Pick,
    PileSwap,
    PlayerState,
    Return,
    State,
    Trade,
)

INDEX = {r: i for i, r in enumerate(RESOURCES)}


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    def choose(
        self, game: Game[Any, Any, Any], state: State, seat: str, rng: random.Random
    ) -> Move:
        moves = game.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]  # type: ignore[no-any-return]


def wanted(state: rules.Table, seat: int, data: CatanData) -> list[Counts]:
    """The costs of the builds this player wants next, best first."""
    player = state.players[seat]
    targets: list[Counts] = []
    if any(b.city and b.expansion is None for b in player.buildings) and state.expansions:
        targets.append(data.cost("city_expansion"))  # type: ignore[arg-type]
    if any(not b.city for b in player.buildings):
        targets.append(data.cost("city"))  # type: ignore[arg-type]
    if state.settlement_stack:
        targets.append(data.cost("settlement"))  # type: ignore[arg-type]
    targets.append(data.cost("knight" if player.knights % 2 else "road"))  # type: ignore[arg-type]
    return targets


def missing(hand: Counts, targets: list[Counts]) -> float:
    """How far a hand is from the wanted builds: missing cards of the best one, then the rest."""
    best = min(
        sum(max(0, need - have) for need, have in zip(cost, hand, strict=True)) + i * 0.5
        for i, cost in enumerate(targets)
    )
    return best


def surplus_order(hand: Counts, targets: list[Counts]) -> list[int]:
    """Resource indexes from the most to the least expendable."""
    need = [max(cost[i] for cost in targets[:2]) for i in range(5)]
    return sorted(range(5), key=lambda i: (need[i] - hand[i], i))


def build_value(move: Build, player: rules.Player, data: CatanData) -> float:
    what = move.what
    if what in ("city", "settlement"):
        gain = 1.0
    elif what in ("road", "knight"):
        row = player.roads if what == "road" else player.knights
        gain = 1.0 if row % 2 else 0.6  # side B is a VP; side A an ability
    else:
        card = next(c for c in data.cards if c.name == what)
        gain = float((card.vp or 2) - 2) + 0.5
    return 10 * gain - sum(move.pay) * 0.3


class GreedyPlayer:
    """One-move lookahead on VP and on the distance to the next wanted build."""

    def choose(
        self, game: Game[Any, Any, Any], state: State, seat: str, rng: random.Random
    ) -> Move:
        moves: list[Move] = game.legal_moves(state, seat)
        data: CatanData = game.data  # type: ignore[attr-defined]
        return greedy_choice(moves, state, game.players(state).index(seat), data)

    def ranked(
        self, game: Game[Any, Any, Any], state: State, seat: str, rng: random.Random
    ) -> list[Move]:
        """The legal moves best first, for the search AI: this player's choice, then the rest
        by the same measures it chooses with (ties in random order). Playing never uses it."""
        choice = self.choose(game, state, seat, rng)
        data: CatanData = game.data  # type: ignore[attr-defined]
        index = game.players(state).index(seat)
        player = state.players[index]
        targets = wanted(state, index, data)
        scored = [
            (rank_key(move, player, targets, data), rng.random(), move)
            for move in game.legal_moves(state, seat)
            if move != choice
        ]
        scored.sort(key=lambda entry: (entry[0], entry[1]))
        return [choice, *(entry[2] for entry in scored)]


def greedy_choice(moves: list[Move], state: rules.Table, index: int, data: CatanData) -> Move:
    """The greedy player's move among `moves` (the legal moves of seat `index`): shared by
    `GreedyPlayer` and the playout kernel (kernel.py), so both play the same game.

    Moves are told apart by their exact class, not by `kind`: a read of a pydantic model's
    field costs its `__getattr__` hook, and this looks at every move several times."""
    player = state.players[index]
    hand = player.hand
    kinds = {type(m) for m in moves}
    if Discard in kinds or Pick in kinds:
        targets = wanted(state, index, data)
        if Discard in kinds:
            order = surplus_order(hand, targets)
            return min(moves, key=lambda m: order.index(INDEX[m.card]))  # type: ignore[union-attr]
        return min(
            moves,
            key=lambda m: missing(_plus(hand, INDEX[m.card], 1), targets),  # type: ignore[union-attr]
        )
    builds = [m for m in moves if type(m) is Build]
    if builds:
        return max(builds, key=lambda m: build_value(m, player, data))
    if Guild in kinds:
        return next(m for m in moves if type(m) is Guild)
    targets = wanted(state, index, data)
    now = missing(hand, targets)
    if Return in kinds:
        returns = [m for m in moves if type(m) is Return]
        return min(returns, key=lambda m: missing(_plus(hand, INDEX[m.card], -1), targets))
    best: tuple[float, Move] | None = None
    surplus: list[int] | None = None
    for move in moves:
        if type(move) is MarketSwap:
            after = _plus(_plus(hand, INDEX[move.take], 1), INDEX[move.give], -1)
            score = missing(after, targets)
        elif type(move) is Trade or type(move) is Look:
            score = now - 0.4  # a fresh card, and we give back our worst
        elif type(move) is PileSwap:
            if surplus is None:
                surplus = surplus_order(hand, targets)
            score = now - 0.3 if INDEX[move.give] == surplus[0] else now + 1
        else:
            continue
        if score < now and (best is None or score < best[0]):
            best = (score, move)
    if best is not None:
        return best[1]
    draws = [m for m in moves if type(m) is Draw]
    if draws:
        return max(draws, key=lambda m: m.count)
    return next(m for m in moves if type(m) is EndExchange)


def rank_key(move: Move, player: PlayerState, targets: list[Counts], data: CatanData) -> float:
    """How good the greedy measures find a move, lower is better: builds by their value, then
    exchanges and returns by how far they leave the hand from the wanted builds."""
    hand = player.hand
    if isinstance(move, Build):
        return -100 - build_value(move, player, data)
    if move.kind == "guild":
        return -100.0
    if move.kind == "discard":
        return float(surplus_order(hand, targets).index(INDEX[move.card]))
    if move.kind == "pick":
        return missing(_plus(hand, INDEX[move.card], 1), targets)
    if move.kind == "return":
        return missing(_plus(hand, INDEX[move.card], -1), targets)
    now = missing(hand, targets)
    if move.kind == "market":
        return missing(_plus(_plus(hand, INDEX[move.take], 1), INDEX[move.give], -1), targets)
    if move.kind in ("trade", "look"):
        return now - 0.4
    if move.kind == "pile":
        return now - 0.3 if INDEX[move.give] == surplus_order(hand, targets)[0] else now + 1
    if move.kind == "draw":
        return now - move.count / 10
    return now  # end the exchanges


def _plus(hand: Counts, index: int, delta: int) -> Counts:
    values = list(hand)
    values[index] += delta
    return (values[0], values[1], values[2], values[3], values[4])


KINDS = (
    AiKind(
        key="greedy",
        texts={
            "en": "builds the most VP it can, trades towards its next build, draws all it may",
            "ja": "最も点になる建物を建て、次の建物に向けて交換し、引けるだけ引く",
        },
        make=GreedyPlayer,
    ),
    AiKind(
        key="random",
        texts={"en": "plays a random legal move", "ja": "合法手からランダムに選ぶ"},
        make=RandomPlayer,
    ),
)

__all__ = ["KINDS", "GreedyPlayer", "RandomPlayer", "rules"]
