"""Venedig's hidden information, varied for the hidden-information suite."""

from __future__ import annotations

import random

from games.venedig.models import State


def _shuffled(rng: random.Random, items: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(rng.sample(items, len(items)))


def perturb(state: State, rng: random.Random, keep: str | None) -> State:
    """Reorder the deck, the treasure stock and the swamp tiles still on the board; swap the hand
    cards of every seat but `keep` with deck cards, and change the values of their gold tiles
    (counts kept). The seeded source of future draws changes too, so the states always differ."""
    deck = list(_shuffled(rng, state.deck))
    players = []
    for player in state.players:
        if player.id == keep:
            players.append(player)
            continue
        hand = list(player.hand)
        for index in range(len(hand)):
            if deck and rng.random() < 0.7:
                spot = rng.randrange(len(deck))
                hand[index], deck[spot] = deck[spot], hand[index]
        swamp = tuple(sorted(rng.randint(0, 2) for _ in player.swamp))
        treasure = tuple(sorted(rng.randint(3, 6) for _ in player.treasure))
        players.append(
            player.model_copy(
                update={"hand": tuple(sorted(hand)), "swamp": swamp, "treasure": treasure}
            )
        )
    return state.model_copy(
        update={
            "deck": tuple(deck),
            "players": tuple(players),
            "treasure": _shuffled(rng, state.treasure),
            "swamp_bag": tuple(rng.randint(0, 2) for _ in state.swamp_bag),
            "rng": state.rng.model_copy(update={"seed": state.rng.seed + rng.randint(1, 10**6)}),
        }
    )
