"""Catherine states sampled from one seat's view, for the search AI (`Game.sample_state`).

What a seat cannot see: the deck's order, the discard pile (only its size), the other seats'
hands (only their sizes) and their secret choices (only whether they have placed). A sample keeps
everything the view shows and deals the plan cards nobody shows at random into the other hands,
the deck and the discard pile; a seat that has placed gets the secret choice from its sampled
hand that the greedy AI's estimates rate best.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from games.base import Rng
from games.catherine import ai
from games.catherine.data import Data
from games.catherine.models import Options, PlayerState, State, View


def sample_state(data: Data, view: View, seat: str, rng: random.Random) -> State:
    """A state whose view for `seat` is `view`, hidden parts drawn at random."""
    unseen = _unseen_cards(data, view)
    rng.shuffle(unseen)
    players = []
    for player in view.players:
        if player.hand is not None:
            hand, chosen = player.hand, player.chosen or ()
            slot = player.slot if player.slot is not None else -1
        else:
            hand, unseen = tuple(unseen[: player.hand_size]), unseen[player.hand_size :]
            chosen, slot = (), -1
        sampled = PlayerState(
            id=player.id,
            hand=hand,
            row=player.row,
            below=player.below,
            houses=player.houses,
            tiles=player.tiles,
            jokers=player.jokers,
            favour=player.favour,
            vp=player.vp,
            order=player.order,
            chosen=chosen,
            slot=slot,
            todo=player.todo,
            active=player.active,
            discarded=player.discarded,
            breakdown=player.breakdown,
        )
        if player.hand is None and player.placed:
            chosen, slot = _secret_choice(data, view, sampled, rng)
            sampled = sampled.model_copy(update={"chosen": chosen, "slot": slot})
        players.append(sampled)
    if len(unseen) != view.deck_count + view.discard_count:
        raise AssertionError("plan cards are not conserved: the view does not add up")
    return State(
        options=Options(),
        rng=Rng(seed=rng.randrange(2**32)),
        players=tuple(players),
        deck=tuple(unseen[: view.deck_count]),
        discard=tuple(unseen[view.deck_count :]),
        city_tiles=view.city_tiles,
        jokers=view.jokers,
        phase=view.phase,
        round=view.round,
        events=view.events,
    )


def _unseen_cards(data: Data, view: View) -> list[str]:
    """The plan cards the viewer cannot place: all of them less every row, activation row and
    the viewer's own hand, in a fixed order."""
    remaining = Counter(data.deck)
    for player in view.players:
        remaining.subtract(player.row)
        remaining.subtract(card for card in player.below if card)
        remaining.subtract(player.hand or ())
    if any(count < 0 for count in remaining.values()):
        raise AssertionError("the view shows more copies of a plan card than the game has")
    return sorted(remaining.elements())


def _secret_choice(
    data: Data, view: View, seat: PlayerState, rng: random.Random
) -> tuple[tuple[str, ...], int]:
    """A complete secret choice from the seat's sampled hand (the starting row at setup, else a
    row card and an activation card with the slot it goes under): the one the greedy AI's
    estimates rate best, ties broken at random. A seat that has chosen most likely chose well; a
    uniform guess would mostly mismatch colours and misjudge its coming action."""
    hand = seat.hand
    if view.phase == "setup":
        rows = combinations(sorted(hand), data.rules.action_row_start)
        return max(rows, key=lambda cards: (ai.keep_worth(data, cards), rng.random())), -1
    if len(hand) < 2:
        return (), -1
    placements = ai.Placements(data, view.round, seat).all()
    _, _, row_card, act, under = max((*p[:1], rng.random(), *p[1:]) for p in placements)
    slot = len(seat.row) if under == row_card else seat.row.index(under)
    return (row_card, act), slot
