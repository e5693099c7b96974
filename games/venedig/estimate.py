"""Venedig's score estimate (`Game.evaluate`): each seat's likely final position from any state.

The final score is the gondola's position after the final conversion. From a state before the
end, a seat can expect its position, plus its gold (5 per step at the latest in the final
conversion), plus what its cards are likely to bring: each card in hand, or in a group the seat
leads as master builder, will most likely become part of a building; a card in a group another
seat leads (often the virtual player) brings half points without the seat's having to finish it.

The weights per card were fitted by least squares to greedy self-play (300 games of 2 and 3
players, positions every 7th move, the difference between two seats' final positions regressed
on the difference of these features): a card in hand and a card in a group one leads are worth
about 1.4 steps, a card in someone else's group about 2. Interacting them with the time left
(the leader's distance to the goal, the scarcest supply) did not improve the fit, so they are
constant until an end trigger fires; from then on no card can be played and only gold counts.
"""

from __future__ import annotations

from games.venedig import core
from games.venedig.data import Data
from games.venedig.models import State

CARD_IN_HAND = 1.4
CARD_LEADING = 1.4
CARD_FOLLOWING = 2.0


def estimate_scores(data: Data, state: State) -> dict[str, float]:
    """Each seat's expected final position; the exact final score once the game is over."""
    if state.phase == "over":
        return {p.id: float(p.pos) for p in state.players}
    scores = {}
    for seat, player in enumerate(state.players):
        gold = core.gold(player)
        # Steps a resolution has given but the gondola has not moved yet.
        due = player.pos + sum(steps for mover, steps in state.movers if mover == seat)
        if state.ending:
            # Only the final conversion is left: whole steps, the remainder is lost.
            scores[player.id] = float(due + gold // data.gold_per_step)
            continue
        leading = sum(
            count for kind, count in enumerate(player.front) if state.architects[kind] == seat
        )
        following = sum(player.front) - leading
        scores[player.id] = (
            due
            + gold / data.gold_per_step
            + CARD_IN_HAND * len(player.hand)
            + CARD_LEADING * leading
            + CARD_FOLLOWING * following
        )
    return scores
