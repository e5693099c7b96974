"""Catherine's end-of-game chart: VP and favour after every round, the scorings marked."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import ChartMark, ScoreChart, chart_of
from games.catherine.models import State

PANELS = {
    "vp": {"en": "Victory points", "ja": "勝利点"},
    "favour": {"en": "Favour of the Tsarina", "ja": "女帝の寵愛"},
}
AXIS = {"en": "Round", "ja": "ラウンド"}
INTERIM = {"en": "interim", "ja": "中間"}
FINAL = {"en": "final", "ja": "最終"}


def score_series(states: Sequence[State]) -> ScoreChart | None:
    """A point as play begins and after every round, the interim and final scorings marked."""
    if not states or states[-1].phase != "over":
        return None
    samples: list[tuple[str, dict[str, dict[str, int]]]] = []
    marks: list[ChartMark] = []
    previous = -1
    for index, state in enumerate(states):
        kinds = {e.kind for e in state.events}
        last = index == len(states) - 1
        if "cannons" in kinds:
            marks.append(ChartMark(at=len(samples), label=INTERIM))
        if (state.round == previous and not last) or state.round == 0:
            continue
        previous = state.round
        # A sample taken as round r begins shows the end of round r - 1.
        samples.append(
            (
                str(state.round if last else state.round - 1),
                {
                    "vp": {p.id: p.vp for p in state.players},
                    "favour": {p.id: p.favour for p in state.players},
                },
            )
        )
    end = len(samples) - 1
    if marks and marks[-1].at == end:  # the last interim scoring comes with the final one
        marks[-1] = ChartMark(at=end, label={k: f"{INTERIM[k]} + {FINAL[k]}" for k in FINAL})
    else:
        marks.append(ChartMark(at=end, label=FINAL))
    return chart_of(samples, PANELS, AXIS, marks)
