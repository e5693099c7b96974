"""An estimate of each seat's final Catherine score from an unfinished state (`Game.evaluate`).

The search AI cuts its playouts short and scores the position with this. The estimate is the
VP a seat has, plus what its present position would score if nothing changed from now on: the
houses and favour it holds paid at every interim scoring still to come, the next cannon and book
comparisons as they stand, and the final scoring (hand, order card, network × multiplier) as if
it were made now. A decision still pending (an activation, a placement not yet revealed) is
valued with the greedy AI's quick estimates. Finally every seat gets the same allowance per round
left for what play will add, so that the estimate is of the final score's size (it does not
change who is ahead).
"""

from __future__ import annotations

from games.catherine import ai, rules
from games.catherine.data import BOOK, CANNON, Data
from games.catherine.models import PlayerState, State

# VP a seat gains on average per round from what the estimate does not see yet (actions to come,
# new houses, favour), measured in greedy games (2 to 4 seats); the same for every seat.
GAIN_PER_ROUND = 5.8


def estimate_scores(data: Data, state: State) -> dict[str, float]:
    """Each seat's estimated final score; at the end, exactly its final score."""
    players = state.players
    if state.phase == "over":
        return {p.id: float(p.vp) for p in players}
    per = data.rules.rounds_per_decade
    decades = data.rules.decades
    if state.phase == "books":
        # This decade's cannons and books are scored; its houses and favour are not yet.
        done = state.round // per - 1
        comparisons_pending = False
    else:
        done = max(0, state.round - 1) // per
        comparisons_pending = True
    # Interim scorings whose houses and favour steps are still to come.
    interims = decades - done
    owned = [rules.own(data, p.row, p.tiles) for p in players]
    cannon = rules.cannon_vp(data, [o[CANNON] for o in owned]) if comparisons_pending else None
    books = [o[BOOK] for o in owned]
    rounds_left = decades * per - state.round
    if state.phase == "place":
        rounds_left += 1  # the placements still to reveal count below only once made
    estimate = {}
    for index, p in enumerate(players):
        value = float(p.vp)
        value += interims * _interim_vp(data, p)
        if cannon is not None:
            value += cannon[index]
            if books[index] == max(books) and len(p.houses) < data.rules.houses:
                # The book scoring's house: scored with the houses from this interim on.
                value += interims + ai.TILE_WORTH
        value += _final_vp(data, p)
        value += pending(data, state, p)
        if p.todo == "books":
            value += interims + ai.TILE_WORTH
        value += GAIN_PER_ROUND * max(0, rounds_left)
        estimate[p.id] = value
    return estimate


def _interim_vp(data: Data, p: PlayerState) -> int:
    """The houses and favour steps of one interim scoring, for the position as it is."""
    ones = sum(1 for c in p.houses if data.city[c].feature == "one")
    return len(p.houses) + ones + data.track[p.favour].vp


def _final_vp(data: Data, p: PlayerState) -> int:
    """The final scoring if it were made now."""
    matched = rules.order_matched(data, p.order, p.tiles, p.jokers)
    multiplier = data.track[p.favour].multiplier
    return len(p.hand) + rules.order_vp(data, matched) + rules.network(data, p.houses) * multiplier


def pending(data: Data, state: State, p: PlayerState) -> float:
    """What a decision already under way should bring: an activation to resolve, or a secret
    placement made but not yet revealed."""
    cards = data.cards
    if p.todo == "action" and p.active:
        return ai.action_estimate(data, cards[p.active], p, p.row, len(p.hand))
    if state.phase == "place" and len(p.chosen) == 2 and p.slot >= 0:
        row_card, act = p.chosen
        row = (*p.row, row_card)
        active = cards[row[p.slot]]
        if active.colour != cards[act].colour:
            return ai.CARD_WORTH
        return ai.action_estimate(data, active, p, row, len(p.hand) - 2)
    return 0.0
