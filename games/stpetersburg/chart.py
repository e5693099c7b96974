"""Sankt Petersburg's end-of-game chart: points and money after every phase, scorings marked."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import ChartMark, Outcome, ScoreChart, chart_of
from games.stpetersburg.models import State

PANELS = {
    "points": {"en": "Points", "ja": "勝利点"},
    "money": {"en": "Money", "ja": "お金"},
}
AXIS = {"en": "Round", "ja": "ラウンド"}
FINAL = {"en": "final scoring", "ja": "最終得点"}


def score_series(states: Sequence[State], final: Outcome | None) -> ScoreChart | None:
    """A point at the start and after every phase (its scoring done), and the final scores.

    Money is secret while the game runs (unless `public_money`); the chart is made only for a
    finished game, whose final scoring shows everyone's money anyway.
    """
    if not states or final is None:
        return None
    totals = {s.seat: s.score for s in final.standings}
    samples: list[tuple[str, dict[str, dict[str, int]]]] = []
    marks: list[ChartMark] = []
    previous: tuple[int, str] | None = None
    for index, state in enumerate(states):
        where = (state.round, state.phase)
        last = index == len(states) - 1
        if where == previous and not last:
            continue
        if any(e.kind == "score" for e in state.events) and samples:
            marks.append(ChartMark(at=len(samples)))
        new_round = previous is None or state.round != previous[0]
        previous = where
        samples.append(
            (
                str(state.round) if new_round and not last else "",
                {
                    # The last point is the final scoring: aristocrats, money, hand.
                    "points": {p.id: totals[p.id] if last else p.points for p in state.players},
                    "money": {p.id: p.money for p in state.players},
                },
            )
        )
    marks.append(ChartMark(at=len(samples) - 1, label=FINAL))
    return chart_of(samples, PANELS, AXIS, marks)
