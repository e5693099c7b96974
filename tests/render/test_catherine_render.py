"""Catherine board images: every phase and player count, hidden information, text size."""

from __future__ import annotations

import random
from functools import cache
from io import BytesIO

import pytest
from PIL import Image

import games
from games.catherine.models import State
from render import catherine as board
from render import render_view
from tests.games.hidden_catherine import perturb
from tests.render.text_sizes import record_text_sizes

G = games.get("catherine")
SEATS = ("alice", "bob", "chiyo", "dmitri")
NAMES = {
    "alice": "Alice",
    "bob": "Bob the Builder",
    "chiyo": "千代子",
    "dmitri": "Dmitri Ivanovich",
}


@cache
def game(players: int, seed: int) -> list[State]:
    """Every state of one seeded game between random players."""
    rng = random.Random(seed)
    ai = G.ai("random")
    state = G.new(SEATS[:players], seed=seed)
    states = [state]
    while G.outcome(state) is None:
        seat = min(G.to_act(state))
        state = G.apply(state, seat, ai.choose(G, state, seat, rng))
        states.append(state)
    return states


def one_per_phase(players: int, seed: int) -> dict[str, State]:
    found: dict[str, State] = {}
    for state in game(players, seed):
        found.setdefault(state.phase, state)
    return found


def size_of(data: bytes) -> tuple[int, int]:
    with Image.open(BytesIO(data)) as image:
        return image.size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_phase_renders_in_both_languages(players: int) -> None:
    positions = one_per_phase(players, seed=players)
    assert {"setup", "place", "activate", "books", "over"} <= set(positions)
    for index, (phase, state) in enumerate(sorted(positions.items())):
        first, second = ("en", "ja") if index % 2 else ("ja", "en")
        for viewer, lang in ((None, first), (SEATS[0], second)):
            data = board.render(G.view(state, viewer), lang=lang, names=NAMES)
            width, height = size_of(data)
            assert width == board.WIDTH and 800 <= height <= 2400, (phase, height)
            assert len(data) < 400_000


def test_dispatcher_and_scale() -> None:
    view = G.view(one_per_phase(2, 1)["place"], "alice")
    assert render_view(view, names=NAMES) == board.render(view, names=NAMES)
    assert size_of(board.render(view, scale=0.5))[0] == board.WIDTH // 2


def test_no_text_is_smaller_than_14_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes = record_text_sizes(
        monkeypatch,
        (board.label, board.card_chip, board.act_chip, board.map_base, board.track_base),
    )
    positions = one_per_phase(4, seed=5)
    for index, state in enumerate(positions.values()):
        board.render(G.view(state, "alice"), lang=("en", "ja")[index % 2], names=NAMES)
    assert sizes and min(sizes) >= 14


@pytest.mark.parametrize("viewer", [None, "bob"])
def test_hidden_information_does_not_change_the_picture(viewer: str | None) -> None:
    rng = random.Random(2)
    states = [s for s in game(3, 7) if s.phase == "place" and any(p.chosen for p in s.players)]
    compared = 0
    for index, state in enumerate(states[:3]):
        other = perturb(state, rng, viewer)
        assert other != state
        lang = ("en", "ja")[index % 2]
        first = board.render(G.view(state, viewer), lang=lang, names=NAMES)
        assert first == board.render(G.view(other, viewer), lang=lang, names=NAMES)
        compared += 1
    assert compared
    # The same change shows where it may: in the private view of a seat whose hand changed.
    state = states[0]
    other = perturb(state, rng, viewer)
    changed = [p.id for p, q in zip(state.players, other.players, strict=True) if p.hand != q.hand]
    assert changed
    seat = changed[0]
    assert board.render(G.view(state, seat)) != board.render(G.view(other, seat))
