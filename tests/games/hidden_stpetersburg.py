"""Sankt Petersburg's hidden information, varied for the hidden-information suite."""

from __future__ import annotations

import random

from games.stpetersburg.models import State


def perturb(state: State, rng: random.Random, keep: str | None) -> State:
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
