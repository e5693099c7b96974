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
            # One column, text at least 20 px: a late 4-seat board is up to about 3.5 times its width.
            assert width == board.WIDTH and 800 <= height <= 4 * width, (phase, height)
            assert len(data) < 400_000


def test_dispatcher_and_scale() -> None:
    view = G.view(one_per_phase(2, 1)["place"], "alice")
    assert render_view(view, names=NAMES) == board.render(view, names=NAMES)
    assert size_of(board.render(view, scale=0.5))[0] == board.WIDTH // 2


# The longest names a member may have: 24 characters, Latin and Japanese.
LONG_NAMES = {
    "alice": "Alexandra Konstantinovna",
    "bob": "Bartholomew Fitzgerald Jr",
    "chiyo": "千代子" * 8,
    "dmitri": "Dmitri Ivanovich Mendele",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_is_10_pixels_tall_at_phone_width(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Discord shows a board about 400 px wide on a phone: no line may be smaller than 10 px
    there, at the largest table, in the public, private and final boards."""
    sizes = record_text_sizes(
        monkeypatch,
        (board.label, board.card_chip, board.act_chip, board.map_base, board.track_base),
    )
    states = game(4, 5)
    late = next(s for s in states[len(states) * 2 // 3 :] if s.phase == "place")
    for state, viewer in ((late, None), (late, "alice"), (states[-1], None)):
        sizes.clear()
        data = board.render(G.view(state, viewer), lang=lang, names=LONG_NAMES)
        width = size_of(data)[0]
        assert sizes
        smallest = min(sizes) * 400 / width
        assert smallest >= 10, (state.phase, viewer, min(sizes), width)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_city_labels_keep_apart(lang: str) -> None:
    """No two city labels overlap or touch: at least 2 px between their boxes at full size."""
    board.label_boxes.cache_clear()
    boxes = [box for _place, box in board.label_boxes(G.data, lang).values()]  # type: ignore[attr-defined]
    painter = board.Painter(10, 10, lang=lang)
    for city in G.data.cities:  # type: ignore[attr-defined]
        # The box is as wide as the text drawn in it.
        text = board.short_name(G.data, city.id, lang)  # type: ignore[attr-defined]
        _place, box = board.label_boxes(G.data, lang)[city.id]  # type: ignore[attr-defined]
        assert box[2] - box[0] >= painter.measure(text, board.TEXT, bold=True)
        assert box[3] - box[1] >= board.TEXT
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= 2, (a, b)


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


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_key_gives_every_abbreviated_city_its_full_name(lang: str) -> None:
    """The map prints the plan cards' abbreviations; the key under it spells each one out."""
    data = G.data  # type: ignore[attr-defined]
    key = " · ".join(board.city_key(data, lang, 1.0))
    for city in data.cities:
        name, short = data.city_name(city.id, lang), board.short_name(data, city.id, lang)
        assert (name if name == short else f"{short} {name}") in key
