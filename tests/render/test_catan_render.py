"""Catan card game board images: every phase and player count, both languages, hidden information."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image

from games.catan.models import State
from render import catan as board
from render import kit
from render.kit import Painter
from tests.games.catan_helpers import G
from tests.games.hidden_catan import perturb

NAMES = {f"s{i}": name for i, name in enumerate(("Alice", "Bob", "千代", "Daniel", "Eve", "Fumi"))}


def positions(players: int, seed: int) -> dict[str, State]:
    """One greedy-played position per kind: exchange, build, pending, finished."""
    rng = random.Random(seed)
    seats = [f"s{i}" for i in range(players)]
    ai = G.ai("greedy")
    state = G.new(seats, seed=seed)
    found: dict[str, State] = {}
    while G.outcome(state) is None:
        kind = "pending" if state.pending is not None else state.phase
        if state.turns > 4:
            found.setdefault(kind, state)
        seat = min(G.to_act(state))
        state = G.apply(state, seat, ai.choose(G, state, seat, rng))
    found["finished"] = state
    return found


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(BytesIO(data)) as image:
        return image.size


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_positions_render_in_both_languages(players: int) -> None:
    found = positions(players, seed=players)
    assert {"exchange", "build", "finished"} <= set(found)
    for index, state in enumerate(found.values()):
        lang = ("en", "ja")[index % 2]
        for viewer in (None, sorted(G.to_act(state) or {"s0"})[0]):
            data = board.render(G.view(state, viewer), lang=lang, names=NAMES)
            width, height = png_size(data)
            assert width == board.WIDTH and 500 <= height <= 2200
            assert len(data) < 400_000


def test_private_view_adds_the_hand_and_public_renders_ignore_hidden_facts() -> None:
    state = positions(3, seed=8)["build"]
    rng = random.Random(1)
    for viewer in (None, "s1"):
        other = perturb(state, rng, viewer)
        for lang in ("en", "ja"):
            first = board.render(G.view(state, viewer), lang=lang, names=NAMES)
            assert first == board.render(G.view(other, viewer), lang=lang, names=NAMES)
    public = board.render(G.view(state, None))
    assert png_size(board.render(G.view(state, "s1")))[1] > png_size(public)[1]


def test_no_text_is_smaller_than_14_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[float] = []
    original = Painter.text

    def recording(self: Painter, x: float, y: float, text: str, size: float, **kw: object) -> float:
        sizes.append(size * self.scale)
        return original(self, x, y, text, size, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Painter, "text", recording)
    for cached in (kit.card_face, kit.chip, kit.empty_card):
        cached.cache_clear()
    found = positions(4, seed=2)
    for lang in ("en", "ja"):
        board.render(G.view(found["build"], "s0"), lang=lang, names=NAMES)
        board.render(G.view(found["finished"], None), lang=lang, names=NAMES)
    assert sizes and min(sizes) >= 14
