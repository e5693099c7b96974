"""Venedig board images: every phase and player count, hidden information, text size, speed-free."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image

from games.venedig import GAME
from games.venedig.models import State
from render import render_view
from render import venedig as board
from tests.games.hidden_venedig import perturb
from tests.render.text_sizes import record_text_sizes

NAMES = {"p0": "Alice", "p1": "Bob the Builder", "p2": "千代子", "p3": "Dmitri Ivanovich Mendeleev"}


def positions(players: int, seed: int) -> dict[str, State]:
    """The first state of each phase of a seeded game (random and greedy seats mixed)."""
    rng = random.Random(seed)
    state = GAME.new([f"p{i}" for i in range(players)], seed=seed)
    ais = {s: GAME.ai("greedy" if i % 2 else "random") for i, s in enumerate(GAME.players(state))}
    found: dict[str, State] = {}
    while True:
        found.setdefault(state.phase, state)
        if GAME.outcome(state) is not None:
            return found
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, ais[seat].choose(GAME, state, seat, rng))


def size(data: bytes) -> tuple[int, int]:
    with Image.open(BytesIO(data)) as image:
        return image.size


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_phase_renders_public_and_private_in_both_languages(players):
    found = positions(players, seed=players)
    assert {"build", "drain", "draw", "over"} <= set(found)
    for index, (phase, state) in enumerate(sorted(found.items())):
        first, second = ("en", "ja") if index % 2 else ("ja", "en")
        acting = sorted(GAME.to_act(state)) or [GAME.players(state)[0]]
        for viewer, lang in ((None, first), (acting[0], second)):
            data = board.render(GAME.view(state, viewer), lang=lang, names=NAMES)
            width, height = size(data)
            assert width == board.WIDTH and 800 <= height <= 2000, (phase, height)
            assert len(data) < 400_000


def test_dispatcher_and_scale():
    state = positions(3, seed=1)["drain"]
    view = GAME.view(state, None)
    assert render_view(view, names=NAMES) == board.render(view, names=NAMES)
    assert size(board.render(view, scale=0.5))[0] == board.WIDTH // 2


@pytest.mark.parametrize("viewer", [None, "p1"])
def test_hidden_information_does_not_change_the_picture(viewer):
    state = positions(3, seed=7)["draw"]
    other = perturb(state, random.Random(3), viewer)
    assert other != state
    for lang in ("en", "ja"):
        assert board.render(GAME.view(other, viewer), lang=lang) == board.render(
            GAME.view(state, viewer), lang=lang
        )


# The longest names a member may have: 24 characters, Latin and Japanese.
LONG_NAMES = {
    "p0": "Alexandra Konstantinovna",
    "p1": "Bartholomew Fitzgerald Jr",
    "p2": "千代子" * 8,
    "p3": "Dmitri Ivanovich Mendele",
    "p4": "Émile Zola Émile Zola Ém",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_is_10_pixels_tall_at_phone_width(monkeypatch, lang):
    """Discord shows a board about 400 px wide on a phone: no line may be smaller than 10 px
    there, at the largest table, in the public, private and final boards (map labels too)."""
    sizes = record_text_sizes(monkeypatch, (board.space_tile, board.piece_tile, board.track_tile))
    found = positions(5, seed=5)
    build = found["build"]
    acting = sorted(GAME.to_act(build))[0]
    for state, viewer in ((build, None), (build, acting), (found["over"], None)):
        sizes.clear()
        data = board.render(GAME.view(state, viewer), lang=lang, names=LONG_NAMES)
        width = size(data)[0]
        assert sizes
        assert min(sizes) * 400 / width >= 10, (state.phase, viewer, min(sizes), width)


def test_site_labels_in_offers_are_on_the_map():
    """A player picks a site from the menu by the label the image prints on the space."""
    from games.venedig.data import DATA

    printed = set(DATA.labels) | {site.id for site in DATA.sites}
    state = positions(3, seed=2)["build"]
    for seat in GAME.players(state):
        for move in GAME.legal_moves(state, seat):
            at = getattr(move, "at", None)
            if at:
                assert set(at.split("-")) <= printed


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_key_names_every_bridge_site_and_its_spaces(lang):
    """Site ids are too wide for a hex at phone width: the key under the map gives each one."""
    from games.venedig.data import DATA

    view = GAME.view(positions(3, seed=2)["build"], None)
    key = " · ".join(board.Board(view, lang, 1.0, NAMES).key_lines())
    for site in DATA.sites:
        a, b = (DATA.labels[s] for s in site.spaces)
        assert f"{site.id} {a}–{b}" in key
