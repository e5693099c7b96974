"""Venedig looked back at: the end-of-game chart, and which moves made something hidden known."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import ChartMark, ScoreChart, chart_of
from games.venedig.models import State

PANELS = {
    "track": {"en": "Gondola on the track", "ja": "ゴンドラの位置"},
    "buildings": {"en": "Buildings built", "ja": "建てた建物"},
}
AXIS = {"en": "Round", "ja": "ラウンド"}
TRIGGER = {"en": "end triggered", "ja": "終了条件"}
FINAL = {"en": "gold converted", "ja": "金貨の換算"}
BOTH = {"en": "end, gold converted", "ja": "終了・金貨の換算"}


def score_series(states: Sequence[State]) -> ScoreChart | None:
    """A point as play begins and as every turn begins, and one after the final conversion.

    Everything shown is public while the game runs: the gondolas on the track and the pieces
    on the board. The end trigger and the final conversion of gold are marked.
    """
    if not states or states[-1].phase != "over":
        return None
    first = states[0].turn
    samples: list[tuple[str, dict[str, dict[str, int]]]] = []
    marks: list[ChartMark] = []
    previous: int | None = None
    round_no = 0
    for index, state in enumerate(states):
        last = index == len(states) - 1
        if any(e.kind == "trigger" for e in state.events):
            marks.append(ChartMark(at=len(samples), label=TRIGGER))  # the turn after it
        if state.turn == previous and not last:
            continue
        new_round = state.turn == first and state.turn != previous and not last
        previous = state.turn
        round_no += new_round
        samples.append(
            (
                str(round_no) if new_round else "",
                {
                    "track": {p.id: p.pos for p in state.players},
                    "buildings": {
                        p.id: sum(1 for b in state.buildings if b.seat == seat)
                        for seat, p in enumerate(state.players)
                    },
                },
            )
        )
    end = len(samples) - 1
    marks = [ChartMark(at=min(m.at, end), label=m.label) for m in marks]
    if marks and marks[-1].at == end:  # the trigger came with the last move
        marks[-1] = ChartMark(at=end, label=BOTH)
    else:
        marks.append(ChartMark(at=end, label=FINAL))
    return chart_of(samples, PANELS, AXIS, marks)


def reveals(before: State, after: State) -> bool:
    """Hidden here: the deck (a draw, the virtual player's card, a reshuffle), the values under
    the swamp tiles (a drain shows one to the drainer), the treasure stock (a treasure drawn or
    shuffled back), every seat's hand and gold values. A move revealed something when any of
    those moved, the rng drew, a private fact was told, or the game ended (the final conversion
    shows every hoard). Playing, building, resolving, keeping and taking from the open pool show
    only what the move itself names."""
    return (
        before.deck != after.deck
        or before.swamp_bag != after.swamp_bag
        or before.treasure != after.treasure
        or before.rng != after.rng
        or (after.phase == "over" and before.phase != "over")
        or any(e.private_to is not None for e in after.events)
    )
