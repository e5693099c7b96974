"""The `strong` computer player: Monte Carlo search over states sampled from the seat's view.

The search never sees the true state. `SearchPlayer.choose` turns it into the seat's own view at
once, and every playout starts from `game.sample_state(view, seat, rng)`: a state drawn at random
among those the seat cannot tell apart from the real one. Playouts are played by the game's
`greedy` AI and cut short after `playout_moves` moves when the game can estimate final scores
(`Game.evaluate`); otherwise they run to the end. A game with a `kernel` plays them on it, the
same moves much faster. Two searches share that machinery:

- `flat` (the default; determinised "perfect information Monte Carlo"): the greedy AI's best
  `candidates` moves are each played out in the same sampled worlds with the same playout dice,
  so they are compared in pairs, and the worse half is dropped every `halving_every` worlds.
- `ismcts` (single-observer information-set MCTS): one tree over move sequences shared by all
  sampled worlds, UCB counting how often a move was available, moves admitted into a node in
  the greedy AI's order as the node is visited (progressive widening).

Pure: all chance comes from the `random.Random` passed in. With an iteration budget the same view
and seed give the same move; a time budget (`time.perf_counter`) bounds the work instead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from games.adapters import AiKind, AiPlayer
from games.base import Game, Outcome

# A playout that has not ended after this many moves is scored as a draw: a safety net for
# games without `evaluate` whose greedy play could loop.
PLAYOUT_LIMIT = 5000


class Ranker(Protocol):
    """A playout AI's optional `ranked`: the seat's legal moves, best first."""

    def __call__(
        self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random
    ) -> Sequence[Any]: ...


@dataclass
class Node:
    """One move sequence from the root; `seat` made its last move, `total` is that seat's reward."""

    seat: str | None = None
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Any, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


@dataclass(frozen=True)
class SearchSettings:
    """The budget and the knobs of the search.

    `iterations` and `seconds` each bound the playouts of one move (either may be None; the first
    reached stops the search; with neither, 200 iterations). A playout's reward for a seat is a
    logistic curve of its score margin over the best other seat, `margin_scale` score units wide
    (estimated scores at a cut-off); a finished game gives `win_weight` of the reward for a win.

    Opt-in knobs (their defaults change nothing):
    - `keep_first_margin`, `keep_first_z` (flat search): the greedy AI's first choice is never
      dropped, and is played unless the best candidate beats it over the same worlds by a mean
      reward difference above `keep_first_margin` and with a paired z-score (mean difference
      over its standard error) above `keep_first_z`, so noise cannot override greedy play at
      small budgets. (Without a greedy `ranked`, the first legal move stands in for it.)
    - `candidates_growth` (flat search): that many more candidates per 100 playouts of an
      iteration budget, so a bigger budget also looks wider.
    - `playout_moves_per_seat`: cut playouts after this many moves per seat instead of after
      `playout_moves`, so that a cut-off lies as many turns ahead with 4 players as with 2.
    """

    iterations: int | None = None
    seconds: float | None = 1.0
    exploration: float = 0.7
    widening: float = 1.0
    algorithm: Literal["ismcts", "flat"] = "flat"
    candidates: int = 6
    halving_every: int = 4
    playout_moves: int = 24
    margin_scale: float = 8.0
    win_weight: float = 0.5
    keep_first_margin: float | None = None
    keep_first_z: float | None = None
    candidates_growth: float = 0.0
    playout_moves_per_seat: int | None = None

    def candidate_count(self) -> int:
        """How many of the greedy AI's best moves the flat search compares."""
        if self.iterations is None:
            return self.candidates
        return self.candidates + int(self.candidates_growth * self.iterations / 100)

    @property
    def keeps_first(self) -> bool:
        return self.keep_first_margin is not None or self.keep_first_z is not None


class SearchPlayer:
    """Search over `Game.sample_state` samples with greedy playouts (see the module docstring)."""

    name = "strong"

    def __init__(self, settings: SearchSettings | None = None, **changes: Any) -> None:
        # Explicit settings win over the game's own (`Game.search_settings`), which win over
        # the defaults; a full `settings` object counts as explicit in every field.
        self.explicit = {**(settings.__dict__ if settings else {}), **changes}
        self.settings = SearchSettings(**self.explicit)
        self.playouts = 0  # played so far by this player, for benchmarks

    def settings_for(self, game: Game[Any, Any, Any], players: int) -> SearchSettings:
        """The settings this player searches `game` with at a table of `players` seats."""
        return SearchSettings(**{**game.search_settings(players), **self.explicit})

    def choose(self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random) -> Any:
        """The AI contract: only the seat's own view of `state` goes further."""
        return self.choose_from_view(game, game.view(state, seat), seat, rng)

    def choose_from_view(
        self, game: Game[Any, Any, Any], view: Any, seat: str, rng: random.Random
    ) -> Any:
        first = game.sample_state(view, seat, rng)
        if first is None:
            raise ValueError(f"{game.id} cannot sample states: it has no search AI")
        moves = game.legal_moves(first, seat)
        if not moves:
            raise ValueError(f"seat {seat!r} has no legal move in this view")
        if len(moves) == 1:
            return moves[0]
        settings = self.settings_for(game, len(game.players(first)))
        search = Search(game, view, seat, rng, settings, first)
        move = search.run(moves)
        self.playouts += search.playouts
        return move


class Search:
    """One move's search: the tree, the playouts and the rewards."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        view: Any,
        seat: str,
        rng: random.Random,
        settings: SearchSettings,
        first: Any,
    ) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.rng = rng
        self.settings = settings
        self.greedy_playouts = "greedy" in _kinds(game)
        self.greedy: AiPlayer = game.ai("greedy" if self.greedy_playouts else "random")
        self.ranked: Ranker | None = getattr(self.greedy, "ranked", None)
        self.first = first
        self.playouts = 0
        # Solo games: rewards compare the score with what the seat could expect now.
        estimate = game.evaluate(first)
        self.solo_baseline = estimate.get(seat, 0.0) if estimate else 0.0
        per_seat = settings.playout_moves_per_seat
        self.cut = (
            settings.playout_moves if per_seat is None else per_seat * len(game.players(first))
        )

    def run_flat(self, moves: Sequence[Any]) -> Any:
        """Determinised flat search: the best-ranked moves, each played out in the same sampled
        worlds with the same playout dice (paired comparisons), the worse half dropped every
        `halving_every` worlds."""
        settings = self.settings
        game, seat, rng = self.game, self.seat, self.rng
        if self.ranked is not None:
            alive = list(self.ranked(game, self.first, seat, rng))[: settings.candidate_count()]
        else:
            alive = list(moves)
        first = alive[0]
        # Each move's reward in each world it was played in, world by world: paired samples.
        rewards: dict[Any, list[float]] = {move: [] for move in alive}
        limit, deadline = self.budget()
        playouts = worlds = 0
        while len(alive) > 1:
            world = self.first if worlds == 0 else game.sample_state(self.view, seat, rng)
            dice = rng.getrandbits(64)
            for move in alive:
                state = self.playout(game.apply(world, seat, move), random.Random(dice))
                rewards[move].append(self.rewards(state)[seat])
                playouts += 1
                if (limit is not None and playouts >= limit) or (
                    deadline is not None and time.perf_counter() >= deadline
                ):
                    return self.pick(alive, rewards, first)
            worlds += 1
            if worlds % settings.halving_every == 0 and len(alive) > 2:
                kept = sorted(alive, key=lambda m: _mean(rewards[m]), reverse=True)
                kept = kept[: max(2, (len(alive) + 1) // 2)]
                if settings.keeps_first and first not in kept:
                    kept[-1] = first  # the baseline every candidate must beat stays in
                alive = kept
        return alive[0]

    def pick(self, alive: Sequence[Any], rewards: Mapping[Any, list[float]], first: Any) -> Any:
        """The best mean reward; with `keep_first_*`, the greedy choice unless clearly beaten."""
        best = max(alive, key=lambda m: _mean(rewards[m]))
        settings = self.settings
        if not settings.keeps_first or best == first:
            return best
        base = rewards[first]
        differences = [a - b for a, b in zip(rewards[best], base, strict=False)]
        if len(differences) < 2:
            return first
        mean = _mean(differences)
        if settings.keep_first_margin is not None and mean <= settings.keep_first_margin:
            return first
        if settings.keep_first_z is not None:
            variance = sum((d - mean) ** 2 for d in differences) / (len(differences) - 1)
            error = math.sqrt(variance / len(differences))
            if mean <= 0 or (error > 0 and mean / error <= settings.keep_first_z):
                return first
        return best

    def budget(self) -> tuple[int | None, float | None]:
        limit = self.settings.iterations
        if limit is None and self.settings.seconds is None:
            limit = 200
        seconds = self.settings.seconds
        return limit, None if seconds is None else time.perf_counter() + seconds

    def run(self, moves: Sequence[Any]) -> Any:
        if self.settings.algorithm == "flat":
            return self.run_flat(moves)
        iterations, deadline = self.budget()
        root = Node()
        done = 0
        while True:
            world = (
                self.first if done == 0 else self.game.sample_state(self.view, self.seat, self.rng)
            )
            self.iterate(root, world)
            done += 1
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        legal = set(moves)
        ranked = [(child.visits, child.total, move) for move, child in root.children.items()]
        best = max(
            (entry for entry in ranked if entry[2] in legal),
            key=lambda entry: (entry[0], entry[1]),
            default=None,
        )
        return moves[0] if best is None else best[2]

    def iterate(self, root: Node, state: Any) -> None:
        """One playout: select down the tree, expand one node, play on greedily, back up."""
        game = self.game
        node = root
        path = [root]
        expanded = False
        while not expanded and game.outcome(state) is None:
            actor = self.seat if node is root else _first_to_act(game, state)
            moves = self.candidates(node, state, actor)
            untried = None
            for move in moves:
                child = node.children.get(move)
                if child is None:
                    untried = move if untried is None else untried
                else:
                    child.available += 1
            if untried is not None:
                move = untried
                child = Node(seat=actor, available=1)
                node.children[move] = child
                expanded = True
            else:
                exploration = self.settings.exploration
                move, child = max(
                    ((m, node.children[m]) for m in moves),
                    key=lambda pair: pair[1].ucb(exploration),
                )
            state = game.apply(state, actor, move)
            node = child
            path.append(node)
        rewards = self.rewards(self.playout(state))
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.total += rewards.get(visited.seat, 0.0)

    def candidates(self, node: Node, state: Any, actor: str) -> list[Any]:
        """The moves a node may try now: with a ranking playout AI, its best ones, more as the
        node is visited (progressive widening); otherwise every legal move, in random order."""
        if self.ranked is None:
            moves = list(self.game.legal_moves(state, actor))
            self.rng.shuffle(moves)
            return moves
        ranked = self.ranked(self.game, state, actor, self.rng)
        width = 1 + int(self.settings.widening * math.sqrt(node.visits))
        return list(ranked[:width])

    def playout(self, state: Any, dice: random.Random | None = None) -> Any:
        game = self.game
        dice = dice or self.rng
        self.playouts += 1
        cut = self.cut if type(game).evaluate is not Game.evaluate else None
        played = 0
        # The same game on the game's scratch table when it has one (`Game.kernel`): greedy
        # playouts only, since that is the player a kernel knows.
        kernel = game.kernel(state) if self.greedy_playouts else None
        if kernel is not None:
            while not kernel.finished and played < (cut or PLAYOUT_LIMIT):
                kernel.play(kernel.greedy(dice))
                played += 1
            return kernel.state()
        while game.outcome(state) is None and played < (cut or PLAYOUT_LIMIT):
            actor = _first_to_act(game, state)
            state = game.apply(state, actor, self.greedy.choose(game, state, actor, dice))
            played += 1
        return state

    def rewards(self, state: Any) -> Mapping[str, float]:
        """Each seat's reward in [0, 1]: a win counts `win_weight`, the score margin the rest."""
        game = self.game
        outcome = game.outcome(state)
        if outcome is not None:
            scores = {s.seat: float(s.score) for s in outcome.standings}
            wins = _win_shares(outcome)
            weight = self.settings.win_weight
        else:
            estimate = game.evaluate(state)
            if estimate is None:
                return {seat: 0.5 for seat in game.players(state)}
            scores = dict(estimate)
            wins = {}
            weight = 0.0
        result = {}
        for seat, score in scores.items():
            others = [s for other, s in scores.items() if other != seat]
            margin = score - (max(others) if others else self.solo_baseline)
            closeness = 1 / (1 + math.exp(-margin / self.settings.margin_scale))
            result[seat] = weight * wins.get(seat, 0.0) + (1 - weight) * closeness
        return result


def _kinds(game: Game[Any, Any, Any]) -> set[str]:
    return {kind.key for kind in game.ai_kinds()}


def _first_to_act(game: Game[Any, Any, Any], state: Any) -> str:
    """The seat that moves next; simultaneous choices are searched one seat at a time."""
    acting = game.to_act(state)
    return next(seat for seat in game.players(state) if seat in acting)


def _mean(values: Sequence[float]) -> float:
    return sum(values) / max(1, len(values))


def _win_shares(outcome: Outcome) -> dict[str, float]:
    winners = outcome.winners
    return {seat: 1 / len(winners) for seat in winners}


STRONG_AI = AiKind(
    key="strong",
    texts={
        "en": "searches the moves ahead over the cards it cannot see (Monte Carlo tree search)",
        "ja": "見えないカードを推測しながら先読みする（モンテカルロ木探索）",
    },
    make=SearchPlayer,
    slow=True,
)
