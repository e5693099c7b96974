"""Each seat's estimated final VP in the Catan card game, for the search AI (`Game.evaluate`).

A finished game scores its VP exactly. Before that, a seat's estimate is its VP now plus what
it holds towards more: the cards in hand (the ones past the robber's 7 worth less, a raid may
take them), each side-A knight (a card more every turn), each side-A road (an exchange more
every turn), and how close the hand is to the build the seat wants next.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.catan import rules
from games.catan.ai import missing, wanted
from games.catan.data import CatanData
from games.catan.models import State


@dataclass(frozen=True)
class Worth:
    """What the estimate counts, in VP."""

    card: float = 0.15  # each card in hand, up to the robber's limit
    surplus_card: float = 0.05  # each card past it
    knight: float = 0.35  # each side-A knight
    road: float = 0.25  # each side-A road
    closeness: float = 0.25  # a hand that can pay for the wanted build now (less per missing card)


WORTH = Worth()


def estimate_scores(data: CatanData, state: State, worth: Worth = WORTH) -> dict[str, float]:
    """Each seat's VP, plus (while the game goes on) what its hand and rows are worth."""
    scores = {p.id: float(rules.vp(p, data)) for p in state.players}
    if state.finished:
        return scores
    keep = data.constants.robber_keep
    for seat, player in enumerate(state.players):
        cards = sum(player.hand)
        hand = min(cards, keep) * worth.card + max(0, cards - keep) * worth.surplus_card
        rows = rules.knight_bonus(player) * worth.knight + rules.allowance(player) * worth.road
        gap = missing(player.hand, wanted(state, seat, data))
        near = worth.closeness * max(0.0, 1 - gap / 4)
        scores[player.id] += hand + rows + near
    return scores
