"""Catherine's hidden information, varied for the hidden-information suite."""

from __future__ import annotations

import random

from games.catherine.models import State


def perturb(state: State, rng: random.Random, keep: str | None) -> State:
    """Reorder the deck, reseed the RNG, and for every seat but `keep` swap hand cards with deck
    cards (their secret choices follow the swapped cards), move a secret activation card to
    another free slot, and change their private events."""
    deck = list(state.deck)
    rng.shuffle(deck)
    players = []
    for player in state.players:
        if player.id == keep:
            players.append(player)
            continue
        hand = list(player.hand)
        swapped: dict[str, str] = {}
        for index, card in enumerate(hand):
            if deck and rng.random() < 0.7:
                hand[index], deck[0] = deck[0], card
                swapped[card] = hand[index]
                rng.shuffle(deck)
        update: dict[str, object] = {
            "hand": tuple(hand),
            "chosen": tuple(swapped.get(c, c) for c in player.chosen),
        }
        if state.phase == "place" and len(player.chosen) == 2:
            free = [i for i, below in enumerate(player.below) if not below]
            update["slot"] = rng.choice([*free, len(player.row)])
        players.append(player.model_copy(update=update))
    cards = sorted({*deck, *(c for p in players for c in p.hand)})
    events = tuple(
        event.model_copy(update={"data": {**event.data, "cards": rng.sample(cards, 2)}})
        if event.private_to is not None and event.private_to != keep
        else event
        for event in state.events
    )
    return state.model_copy(
        update={
            "deck": tuple(deck),
            "players": tuple(players),
            "events": events,
            "rng": state.rng.model_copy(update={"seed": state.rng.seed + rng.randint(1, 10**6)}),
        }
    )
