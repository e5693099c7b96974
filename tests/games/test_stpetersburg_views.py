"""Sankt Petersburg views are built without re-validation: each must equal its JSON round trip."""

from __future__ import annotations

import random

import pytest

from games.stpetersburg import GAME as G
from games.stpetersburg.models import View


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_view_equals_its_json_round_trip(players: int) -> None:
    rng = random.Random(players)
    state = G.new([f"p{i}" for i in range(players)], seed=players, options={"public_money": False})
    checked = 0
    while True:
        for viewer in (None, *G.players(state)):
            view = G.view(state, viewer)
            assert View.model_validate_json(view.model_dump_json()) == view
            checked += 1
        if G.outcome(state) is not None:
            break
        (actor,) = G.to_act(state)
        state = G.apply(state, actor, rng.choice(G.legal_moves(state, actor)))
    assert checked > 100 * (players + 1)
