"""Catan looked back at: the end-of-game chart, and which moves made something hidden known."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import ChartMark, ScoreChart, chart_of
from games.catan.data import CatanData
from games.catan.models import State
from games.catan.rules import vp

# One panel: hand sizes (public too) change at almost every move and drew a tangle no phone
# reader could follow.
PANELS = {"vp": {"en": "Victory points", "ja": "勝利点"}}
AXIS = {"en": "Round", "ja": "ラウンド"}
WIN = {"en": "win", "ja": "勝利"}
LIMIT = {"en": "round limit", "ja": "ラウンド上限"}


def score_series(states: Sequence[State], data: CatanData) -> ScoreChart | None:
    """A point as every turn begins and one at the end: each seat's VP, public while the game
    runs. The end (a win, or the round limit) is marked."""
    if not states or not states[-1].finished:
        return None
    seats = len(states[0].players)
    samples: list[tuple[str, dict[str, dict[str, int]]]] = []
    previous = 0
    for index, state in enumerate(states):
        last = index == len(states) - 1
        if state.turns == previous and not last:
            continue
        new_round = state.turns != previous and (state.turns - 1) % seats == 0 and not last
        previous = state.turns
        samples.append(
            (
                str((state.turns - 1) // seats + 1) if new_round else "",
                {"vp": {p.id: vp(p, data) for p in state.players}},
            )
        )
    label = WIN if states[-1].winner is not None else LIMIT
    return chart_of(samples, PANELS, AXIS, [ChartMark(at=len(samples) - 1, label=label)])


def reveals(before: State, after: State) -> bool:
    """Hidden here: the hands, the draw pile and the settlement stack (the city events under the
    settlements). A move revealed something when a card came off the draw pile (an exchange
    with it, the draw, a refill or reshuffle), a settlement card was taken or a settlement
    turned into a city (its event shown), the destiny card flipped, the rng drew (a random take
    from a hand), or a private fact was told (a Bibliothek look, a card given back). A build or
    a market exchange shows only the cards the move itself names."""
    return (
        before.draw_pile != after.draw_pile
        or before.settlement_stack != after.settlement_stack
        or before.white_up != after.white_up
        or before.rng != after.rng
        or any(
            b.city != a.city
            for p, q in zip(before.players, after.players, strict=True)
            for b, a in zip(p.buildings, q.buildings, strict=False)
        )
        or any(e.private_to is not None for e in after.events)
    )
