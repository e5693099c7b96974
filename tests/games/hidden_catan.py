"""The Catan card game's hidden information, varied for the hidden-information suite."""

from __future__ import annotations

import random

from games.catan.data import RESOURCES
from games.catan.models import State


def perturb(state: State, rng: random.Random, keep: str | None) -> State:
    """Change what `keep` may not see: the order and contents of the draw pile, the cards in
    every other hand (sizes kept), every city side still face down, and the random seed."""
    looked = None
    pending = state.pending
    if pending is not None and pending.kind == "library" and state.players[pending.seat].id == keep:
        looked = pending.target  # the hand the keeper is looking at
    pool = list(state.draw_pile)
    players = list(state.players)
    for seat, player in enumerate(players):
        if player.id == keep or seat == looked:
            continue
        pool += [r for r, n in zip(RESOURCES, player.hand, strict=True) for _ in range(n)]
    rng.shuffle(pool)
    for seat, player in enumerate(players):
        if player.id == keep or seat == looked:
            continue
        size = sum(player.hand)
        dealt, pool = pool[:size], pool[size:]
        players[seat] = player.model_copy(update={"hand": tuple(dealt.count(r) for r in RESOURCES)})
    # Face-down city sides: shuffle them between the stack and every settlement in play.
    backs = list(state.settlement_stack)
    for player in players:
        backs += [b.event for b in player.buildings if not b.city]
    rng.shuffle(backs)
    stack, backs = tuple(backs[: len(state.settlement_stack)]), backs[len(state.settlement_stack) :]
    for seat, player in enumerate(players):
        buildings = []
        for b in player.buildings:
            if not b.city:
                b = b.model_copy(update={"event": backs.pop()})
            buildings.append(b)
        players[seat] = players[seat].model_copy(update={"buildings": tuple(buildings)})
    rng_state = state.rng.model_copy(update={"seed": state.rng.seed + 1 + rng.randrange(1000)})
    return state.model_copy(
        update={
            "players": tuple(players),
            "draw_pile": tuple(pool),
            "settlement_stack": stack,
            "rng": rng_state,
        }
    )
