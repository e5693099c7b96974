"""Views of states that differ only in hidden information are identical for those who may not see it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from games.stpetersburg.models import State as StpState
from tests.games.test_conformance import random_game


def perturb_stpetersburg(state: StpState, rng: random.Random, keep: str | None) -> StpState:
    """Reorder the stacks, and change the money and hand cards of every seat but `keep`."""
    stacks = {name: tuple(rng.sample(cards, len(cards))) for name, cards in state.stacks.items()}
    players = []
    for player in state.players:
        if player.id == keep:
            players.append(player)
            continue
        hand = list(player.hand)
        for index, card in enumerate(hand):
            # Swap the hand card with a card of some stack, so every card is still accounted for.
            donor = rng.choice([name for name, cards in stacks.items() if cards])
            cards = list(stacks[donor])
            hand[index], cards[0] = cards[0], card
            stacks[donor] = tuple(cards)
        players.append(
            player.model_copy(
                update={"money": player.money + rng.randint(1, 40), "hand": tuple(hand)}
            )
        )
    return state.model_copy(update={"stacks": stacks, "players": tuple(players)})


# Every registered game must say how to vary its hidden information, or this test fails for it.
PERTURBERS: dict[str, Callable[[Any, random.Random, str | None], Any]] = {
    "stpetersburg": perturb_stpetersburg,
}


@pytest.mark.parametrize("game_id", [g.id for g in games.builtins()])
def test_views_ignore_what_the_viewer_may_not_see(game_id):
    game = games.get(game_id)
    perturb = PERTURBERS[game_id]
    rng = random.Random(0)
    compared = 0
    for players in range(max(2, game.min_players), game.max_players + 1):
        for seed in range(6):
            for state, seat, _ in random_game(game, players, seed):
                if seat is None or rng.random() > 0.3:
                    continue
                for viewer in (None, *game.players(state)):
                    other = perturb(state, rng, viewer)
                    assert other != state
                    assert game.view(other, viewer) == game.view(state, viewer)
                    compared += 1
    assert compared > 500


def test_public_view_and_public_events_carry_no_money_without_public_money():
    game = games.get("stpetersburg")
    for state, _seat, _ in random_game(game, 3, 11):
        view = game.view(state, None)
        if not view.finished:
            assert all(p.money is None and p.hand is None for p in view.players)
            assert not view.prices
        for event in view.events:
            assert event.private_to is None
            assert "amount" not in event.data or view.finished
            assert "ruble" not in game.describe(event).lower() or view.finished
