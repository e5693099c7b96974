"""The games play exactly the games they played before their rules were made faster (digests)."""

from __future__ import annotations

import hashlib
import random

import pytest

import games
from games.catan import rules

# SHA-256 over every legal move list, move and state (as JSON, events included) of the games
# below, recorded from the rules before this round of speed work (commit 867b89b): for Catan the
# per-data lookups, the cached build listings, the Holdings' VP, the skipped kernel events; for
# Venedig the board scans; for all the faster Rng draws.
RECORDED = {
    ("catan", "random", 2): "ae50b5eac7280d80827768cdee0864991a55dbc9f5ba4220c0d58888fb80a45f",
    ("catan", "random", 3): "e116cfb2f1bde84b28fbd16a1f781e87f348d83977899c9b93f7482e933e242d",
    ("catan", "random", 4): "d72652de1388518d4a42b09324a85780acb578ce6d9361870a10b844bc7ff4cf",
    ("catan", "random", 5): "9c9211ec772bf97ab7443cb8705120dd005a970afe9e49815f9c48bd03e0a4aa",
    ("catan", "random", 6): "4f1496abcfc927f7bd8c6e0d5a1b845fbe28cf47a8a80cd8784612a4cd279cac",
    ("catan", "greedy", 3): "f6666af2f06f6e95bdd52e462067560f84cf78e5fd8144e45d5a2dcfb522fec9",
    ("catan", "greedy", 5): "5c0d68a0a3425290bb4281d55475453c10e67a01c143cd1b6e7ccce9f88ceafd",
    ("venedig", "random", 2): "64a7d2c8b9965b34155864b339bdb5e9d6c2e67963efcf67c886cb8adc5172e1",
    ("venedig", "random", 3): "725e1abb2ba26760009c09e6cf374d9ab21250def8e31455e4d409d090b6472e",
    ("venedig", "random", 4): "a90fe72d1c559deabe9dd09b1ce23b9809c935dd775056e35526c0512bb408c5",
    ("venedig", "random", 5): "49a7e4ab25ab99a229f6bcd91eadf3c791ff02ac2433ae9671675ab014d18468",
    ("venedig", "greedy", 3): "c75a05b0252562e7a8f541562c4bd6d7aeecc69453a16cdd7040e66646ffc52c",
    ("venedig", "greedy", 5): "30490bed0463f58e46c225bca7c70cc0a5c4869e77056b728fdf08a76a3f5ac3",
}


def digest(game_id: str, kind: str, players: int, seeds: range) -> str:
    game = games.get(game_id)
    greedy = game.ai("greedy")
    seats = [f"p{i}" for i in range(players)]
    found = hashlib.sha256()
    for seed in seeds:
        dice = random.Random(seed)
        state = game.new(seats, seed=seed)
        while game.outcome(state) is None:
            seat = next(s for s in seats if s in game.to_act(state))
            legal = game.legal_moves(state, seat)
            found.update(repr([m.model_dump() for m in legal]).encode())
            if kind == "random":
                move = dice.choice(legal)
            else:
                move = greedy.choose(game, state, seat, dice)
            state = game.apply(state, seat, move)
            found.update(state.model_dump_json().encode())
    return found.hexdigest()


@pytest.mark.parametrize(("game_id", "kind", "players"), sorted(RECORDED))
def test_the_same_games_as_recorded(game_id: str, kind: str, players: int) -> None:
    assert digest(game_id, kind, players, range(3)) == RECORDED[game_id, kind, players]


def test_vp_is_the_sum_of_its_parts() -> None:
    # `vp` takes the buildings' VP from `holdings` (cached per buildings tuple); `vp_parts` is
    # the definition. Every player of every position of a few random 4-seat games.
    game = games.get("catan")
    checked = 0
    for seed in range(3):
        dice = random.Random(seed)
        state = game.new([f"p{i}" for i in range(4)], seed=seed)
        while game.outcome(state) is None:
            for player in state.players:
                assert rules.vp(player, game.data) == sum(
                    rules.vp_parts(player, game.data).values()
                )
                checked += 1
            seat = next(iter(game.to_act(state)))
            state = game.apply(state, seat, dice.choice(game.legal_moves(state, seat)))
    assert checked > 1000
