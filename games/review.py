"""A finished game looked back at by the strong AI: win chances along it, decisions judged.

Everything is estimated as the strong AI (`games.search`) estimates a position: from a seat's
own view, over states sampled from it (`Game.sample_state`), with the search's greedy playouts.
A position's *win chance* for a seat is the mean of the search's reward with the whole weight on
winning: a playout that reaches the end counts 1 for a win (a share for a tie); one cut short
counts the logistic curve of the seat's margin over the best other seat (`Game.evaluate`).

- `chances`: every seat's chance at a position for the chart, each from that seat's own view:
  playouts to the end, each worth the search's logistic curve of the seat's final margin (a
  steadier line than bare wins and losses over the same few worlds).
- `judge`: one decision, from the view of the seat that made it. The search's candidates (its
  greedy AI's best moves) and the move made are played out to the end of the game in the same
  sampled worlds with the same playout dice (an estimate cut at a different phase of the game
  for each move could favour one by the phase alone); the best of them is the AI's *preferred*
  move. It is then compared with the move made over fresh paired worlds, so the choice of the
  best among noisy estimates cannot flatter the difference; more worlds are added unless the
  comparison is clearly not costly. The decision is *costly* only when the mean difference in
  win chance exceeds both `min_gap` and `z` standard errors of that mean.

Pure: all chance comes from seeds given in; the same seed and budget give the same review.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import ChartLine, ChartPanel, Frozen, Game, ScoreChart
from games.search import PLAYOUT_LIMIT, Search, SearchPlayer


@dataclass(frozen=True)
class ReviewBudget:
    """How hard a review looks: paired worlds per decision and per chart point.

    `screen_worlds` worlds pick the preferred move among the candidates, `worlds` fresh ones
    compare it with the move made, `worlds` more at a time up to `max_worlds` unless the
    comparison is clearly not costly; `chart_worlds` worlds give each seat's win chance at a chart
    point; at most `chart_points` points. A difference counts when above `min_gap` (a win chance,
    0..1) and `z` standard errors. The screening's, the comparison's and the chart's playouts
    end after `playout_moves` moves (None: at the end of the game); with `screen_to_end` off,
    the screening's end where the strong AI's end when it plays. `search` changes the strong
    AI's own settings for the playouts (tests make them short); by default it plays them
    exactly as it does in a game.
    """

    worlds: int = 16
    max_worlds: int = 48
    screen_worlds: int = 4
    chart_worlds: int = 12
    chart_points: int = 30
    z: float = 3.0
    min_gap: float = 0.04
    playout_moves: int | None = None
    screen_to_end: bool = True
    search: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class Verdict(Frozen):
    """One decision judged from its seat's view: the move made against the AI's preferred one.

    Win chances are 0..1, points the seat's (estimated) final score, each the mean over the
    comparison's `worlds`; `error` is the standard error of the mean win-chance difference.
    """

    seq: int  # the move's number in the log
    seat: str
    made: str  # English notation
    preferred: str
    win_made: float = 0.0
    win_preferred: float = 0.0
    points_made: float = 0.0
    points_preferred: float = 0.0
    error: float = 0.0
    worlds: int = 0
    costly: bool = False

    @property
    def win_gap(self) -> float:
        return self.win_preferred - self.win_made

    @property
    def points_gap(self) -> float:
        return self.points_preferred - self.points_made


class ChancePoint(Frozen):
    """Every seat's win chance after `move` moves (0: the setup), each from its own view."""

    move: int
    chances: dict[str, float]


class Review(Frozen):
    """A finished game's review: the chart's points and the judged decisions, in move order."""

    points: tuple[ChancePoint, ...]
    verdicts: tuple[Verdict, ...]

    def costliest(self, seat: str, count: int = 3) -> list[Verdict]:
        """The seat's costly decisions, the costliest first (win chance, then points)."""
        costly = [v for v in self.verdicts if v.seat == seat and v.costly]
        costly.sort(key=lambda v: (-v.win_gap, -v.points_gap, v.seq))
        return costly[:count]

    def chart(self, seats: Sequence[str]) -> ScoreChart:
        """The win chances as a one-panel chart in percent, one line per seat."""
        lines = tuple(
            ChartLine(
                seat=seat,
                values=tuple(round(100 * p.chances.get(seat, 0.0)) for p in self.points),
            )
            for seat in seats
        )
        title = {"en": "Estimated chance of winning (%)", "ja": "推定勝率（%）"}
        return ScoreChart(
            axis={"en": "Move", "ja": "手数"},
            ticks=tuple(str(p.move) for p in self.points),
            panels=(ChartPanel(title=title, lines=lines),),
        )


def chart_moves(acting: Sequence[str], limit: int) -> list[int]:
    """The move counts the chart shows: the setup, then the end of every turn (the last of a
    seat's moves in a row), thinned evenly to at most `limit` points, the end always kept.

    `acting` is the seat of every move in order.
    """
    ends = [0] + [
        index + 1
        for index, seat in enumerate(acting)
        if index + 1 == len(acting) or acting[index + 1] != seat
    ]
    if len(ends) <= limit:
        return ends
    step = (len(ends) - 1) / (limit - 1)
    return sorted({ends[round(i * step)] for i in range(limit)})


class _Playouts:
    """The strong AI's playouts from one seat's view, and what a finished one is worth."""

    def __init__(
        self,
        game: Game[Any, Any, Any],
        view: Any,
        seat: str,
        rng: random.Random,
        budget: ReviewBudget,
    ) -> None:
        self.game = game
        self.view = view
        self.seat = seat
        self.rng = rng
        first = game.sample_state(view, seat, rng)
        if first is None:
            raise ValueError(f"{game.id} cannot sample states: it has no strong AI")
        self.first = first
        settings = SearchPlayer(**budget.search).settings_for(game, len(game.players(first)))
        # The whole reward on winning: a playout's reward is then its win chance.
        settings = dataclasses.replace(settings, win_weight=1.0)
        # The verdicts and the chart play out as far as `playout_moves` (to the end: an
        # estimate cut at different phases of the game for two moves can favour one of them by
        # the phase alone). So does the screening, unless `screen_to_end` is off: screened with
        # the strong AI's cut playouts, the preferred move was often one the comparison to the
        # end then found no better than the move made, and a real mistake went unseen.
        judging = dataclasses.replace(
            settings,
            playout_moves=budget.playout_moves or PLAYOUT_LIMIT,
            playout_moves_per_seat=None,
        )
        self.judging = Search(game, view, seat, rng, judging, first)
        self.screening = (
            self.judging if budget.screen_to_end else Search(game, view, seat, rng, settings, first)
        )
        # The chart: the same playouts, each worth the search's curve of the seat's final
        # margin over the best other seat instead of a bare win or loss (a steadier line).
        self.charting = Search(
            game, view, seat, rng, dataclasses.replace(judging, win_weight=0.0), first
        )
        self.worlds_drawn = 0

    def world(self) -> Any:
        self.worlds_drawn += 1
        if self.worlds_drawn == 1:
            return self.first
        return self.game.sample_state(self.view, self.seat, self.rng)

    def worth(self, state: Any, dice: int, search: Search) -> tuple[float, float]:
        """(win chance, points) of the seat after a playout from `state` with these dice."""
        end = search.playout(state, random.Random(dice))
        win = search.rewards(end).get(self.seat, 0.0)
        outcome = self.game.outcome(end)
        if outcome is not None:
            points = next((float(s.score) for s in outcome.standings if s.seat == self.seat), 0.0)
        else:
            estimate = self.game.evaluate(end) or {}
            points = float(estimate.get(self.seat, 0.0))
        return win, points


def chances(
    game: Game[Any, Any, Any], state: Any, budget: ReviewBudget, rng: random.Random
) -> dict[str, float]:
    """Every seat's win chance at `state`, each estimated from that seat's own view."""
    outcome = game.outcome(state)
    if outcome is not None:
        winners = outcome.winners
        return {
            seat: (1 / len(winners) if seat in winners else 0.0) for seat in game.players(state)
        }
    return {seat: chance(game, state, seat, budget, rng) for seat in game.players(state)}


def chance(
    game: Game[Any, Any, Any], state: Any, seat: str, budget: ReviewBudget, rng: random.Random
) -> float:
    """The seat's win chance at an unfinished `state`, from its own view alone."""
    playouts = _Playouts(game, game.view(state, seat), seat, rng, budget)
    wins = [
        playouts.worth(playouts.world(), rng.getrandbits(64), playouts.charting)[0]
        for _ in range(budget.chart_worlds)
    ]
    return sum(wins) / len(wins)


def judge(
    game: Game[Any, Any, Any],
    state: Any,
    seat: str,
    made: Any,
    budget: ReviewBudget,
    rng: random.Random,
    *,
    seq: int = 0,
) -> Verdict:
    """The decision `made` by `seat` at `state`, judged from the seat's view alone."""
    return judge_view(game, game.view(state, seat), seat, made, budget, rng, seq=seq)


def judge_view(
    game: Game[Any, Any, Any],
    view: Any,
    seat: str,
    made: Any,
    budget: ReviewBudget,
    rng: random.Random,
    *,
    seq: int = 0,
) -> Verdict:
    """`judge` from the seat's view (the true state never gets this far)."""
    playouts = _Playouts(game, view, seat, rng, budget)
    legal = game.legal_moves(playouts.first, seat)
    verdict = Verdict(seq=seq, seat=seat, made=game.format(made), preferred=game.format(made))
    if len(legal) < 2:
        return verdict
    search = playouts.screening
    settings = search.settings
    if search.ranked is not None:
        candidates = list(search.ranked(game, playouts.first, seat, rng))
    else:
        candidates = list(legal)
    candidates = candidates[: settings.candidate_count()]
    if made not in candidates:
        candidates.append(made)
    preferred = _preferred(playouts, candidates, made, budget)
    if preferred == made:
        return verdict
    compared = _compared(playouts, made, preferred, budget)
    made_results, preferred_results = compared[made], compared[preferred]
    gap, error = _gap(made_results, preferred_results)
    return verdict.model_copy(
        update={
            "preferred": game.format(preferred),
            "win_made": _mean([w for w, _ in made_results]),
            "win_preferred": _mean([w for w, _ in preferred_results]),
            "points_made": _mean([p for _, p in made_results]),
            "points_preferred": _mean([p for _, p in preferred_results]),
            "error": error,
            "worlds": len(made_results),
            "costly": gap > budget.min_gap and gap > budget.z * error,
        }
    )


def _preferred(
    playouts: _Playouts, candidates: Sequence[Any], made: Any, budget: ReviewBudget
) -> Any:
    """The AI's preferred move: the best candidate over `screen_worlds` worlds."""
    screened = _paired(playouts, candidates, budget.screen_worlds, screening=True)
    # Equal win chances are told apart by points; a full tie goes to the move made: a review
    # does not second-guess a move it cannot tell apart.
    return max(
        candidates,
        key=lambda move: (
            _mean([w for w, _ in screened[move]]),
            _mean([p for _, p in screened[move]]),
            move == made,
        ),
    )


def _compared(
    playouts: _Playouts, made: Any, preferred: Any, budget: ReviewBudget
) -> dict[Any, list[tuple[float, float]]]:
    """The move made and the preferred one over paired worlds: `worlds` of them, then `worlds`
    more at a time up to `max_worlds` unless the difference is clearly not costly.

    Clearly not costly: a standard error above the mean difference still lies below `min_gap`
    or below the line the final test will draw (`z` standard errors of a mean over
    `max_worlds`: they shrink with the square root of the worlds), whichever is higher. A
    mistake, a verdict at the edge of the noise test, and a real cost that the first worlds
    could not yet tell from noise get every world: there the worlds change what the review
    shows (and a mistake's size decides the ranking).
    """
    results: dict[Any, list[tuple[float, float]]] = {made: [], preferred: []}
    drawn = 0
    while drawn < max(budget.worlds, budget.max_worlds):
        batch = budget.worlds if drawn == 0 else min(budget.worlds, budget.max_worlds - drawn)
        more = _paired(playouts, [made, preferred], batch)
        drawn += batch
        for move in (made, preferred):
            results[move].extend(more[move])
        gap, error = _gap(results[made], results[preferred])
        line = budget.z * error * math.sqrt(drawn / max(budget.max_worlds, drawn))
        if gap + error <= max(budget.min_gap, line):
            break  # clearly not costly: more worlds would not change the verdict
    return results


def _gap(
    made: Sequence[tuple[float, float]], preferred: Sequence[tuple[float, float]]
) -> tuple[float, float]:
    """The mean paired difference in win chance, preferred minus made, and its standard error."""
    gaps = [p[0] - m[0] for m, p in zip(made, preferred, strict=True)]
    return _mean(gaps), _standard_error(gaps)


def _paired(
    playouts: _Playouts, moves: Sequence[Any], worlds: int, *, screening: bool = False
) -> dict[Any, list[tuple[float, float]]]:
    """Each move's (win chance, points) in the same sampled worlds with the same dice."""
    game, seat = playouts.game, playouts.seat
    results: dict[Any, list[tuple[float, float]]] = {move: [] for move in moves}
    for _ in range(worlds):
        world = playouts.world()
        dice = playouts.rng.getrandbits(64)
        if any(move not in game.legal_moves(world, seat) for move in moves):
            continue  # a world the seat's view allows but where a move is not legal: unpaired
        for move in moves:
            after = game.apply(world, seat, move)
            search = playouts.screening if screening else playouts.judging
            results[move].append(playouts.worth(after, dice, search))
    return results


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _standard_error(values: Sequence[float]) -> float:
    if len(values) < 2:
        return math.inf
    mean = _mean(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


def seeded(seed: int | str, kind: str, key: int) -> random.Random:
    """The random source of one part of a review (a decision, a chart point): each part its
    own, so parts may run in any order, in any process, and resume after a restart."""
    return random.Random(f"{seed}:review:{kind}:{key}")


def review_states(
    game: Game[Any, Any, Any],
    states: Sequence[Any],
    acting: Sequence[str],
    moves: Sequence[Any],
    judged: Mapping[int, bool],
    budget: ReviewBudget,
    seed: int | str,
) -> Review:
    """A whole review in one call (tests and benchmarks; the bot runs the parts in its pool).

    `states` are the state after setup and after every move, `acting` and `moves` each move's
    seat and move; `judged[i]` says whether move i (1-based) is judged.
    """
    points = tuple(
        ChancePoint(move=at, chances=chances(game, states[at], budget, seeded(seed, "c", at)))
        for at in chart_moves(acting, budget.chart_points)
    )
    verdicts = tuple(
        judge(game, states[i - 1], acting[i - 1], moves[i - 1], budget, seeded(seed, "d", i), seq=i)
        for i in range(1, len(moves) + 1)
        if judged.get(i, False)
    )
    return Review(points=points, verdicts=verdicts)
