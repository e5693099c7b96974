"""Catan card game board images: every phase and player count, both languages, hidden information."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image

from games.catan.models import State
from render import catan as board
from render.cache import clear_all
from tests.games.catan_helpers import G
from tests.games.hidden_catan import perturb
from tests.render.text_sizes import record_text_sizes

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
            # One player per row for a phone: a 6-seat final is nearly three widths tall.
            assert width == board.WIDTH and 500 <= height <= 3 * board.WIDTH
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


# Names of 24 characters, the longest a table shows in full on a phone, in both scripts.
LONG_NAMES = {
    "en": ("Alexandria Konstantinova", "Bartholomew Fitzgerald-X", "Chiyoko Yamamoto-Tanakaa",
           "Dmitri Ivanovich Mendele", "Evangelina Rosalind Mayr", "Fumiko Takahashi-Watanab"),
    "ja": ("アレクサンドリア・コンスタンティノヴァさんだよね", "バーソロミュー・フィッツジェラルド・エックスだよ",
           "やまもとちよこさんとたなかはなこさんのチームです", "ドミトリー・イヴァノヴィチ・メンデレーエフさんだ",
           "エヴァンジェリーナ・ロザリンド・マイヤーさんです", "たかはしふみこさんとわたなべゆきこさんのチームだ"),
}  # fmt: skip
PHONE_WIDTH = 400  # how wide a phone shows an image in Discord, in pixels
PHONE_TEXT = 10  # the smallest line a phone user reads without zooming, in pixels


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_reads_on_a_phone(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """At the largest table, every kind of board: public, private, a pending decision, final."""
    sizes = record_text_sizes(monkeypatch, ())
    names = {f"s{i}": name for i, name in enumerate(LONG_NAMES[lang])}
    assert all(len(name) == 24 for name in names.values())
    found = positions(6, seed=6)
    assert {"build", "pending", "finished"} <= set(found)
    views = [G.view(found["build"], None), G.view(found["finished"], None)]
    for kind in ("build", "pending"):
        views.append(G.view(found[kind], sorted(G.to_act(found[kind]))[0]))
    for view in views:
        clear_all()  # so that every cached tile is drawn (and measured) again
        board.box_tile.cache_clear()
        sizes.clear()
        data = board.render(view, lang=lang, names=names)
        width, _ = png_size(data)
        assert sizes
        assert min(sizes) * PHONE_WIDTH / width >= PHONE_TEXT, (min(sizes), width)
