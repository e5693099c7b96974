"""Sankt Petersburg board images: random positions, crowded tables, hidden information."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image

from games.stpetersburg.data import STACKS
from games.stpetersburg.models import State, View
from render import render_view
from render import stpetersburg as board
from render import stpetersburg_cards as cards
from render.cache import clear_all
from tests.render.positions import NAMES, SEATS, G, crowded_state, one_per_phase
from tests.render.text_sizes import record_text_sizes

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(BytesIO(data)) as image:
        image.verify()
    with Image.open(BytesIO(data)) as image:
        return image.size


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_positions_of_every_phase_render_in_both_languages(players: int) -> None:
    positions = one_per_phase(players, seed=players)
    assert {"workers", "buildings", "aristocrats", "trading", "finished"} <= set(positions)
    for index, (kind, state) in enumerate(sorted(positions.items())):
        view_public = G.view(state, None)
        acting = sorted(G.to_act(state)) or [SEATS[0]]
        view_private = G.view(state, acting[0])
        # Alternate the languages so that each language meets each kind of position.
        first, second = ("en", "ja") if index % 2 else ("ja", "en")
        for view, lang in ((view_public, first), (view_private, second)):
            width, height = png_size(board.render(view, lang=lang, names=NAMES))
            assert width == board.WIDTH, kind
            assert 400 <= height <= 2400, (kind, height)


def test_scale_multiplies_the_size() -> None:
    view = G.view(crowded_state(2), "alice")
    width, height = png_size(board.render(view))
    half_width, half_height = png_size(board.render(view, scale=0.5))
    assert width == board.WIDTH and half_width == board.WIDTH / 2
    assert abs(half_height - height / 2) <= 2


def test_dispatcher_picks_the_renderer_by_game() -> None:
    view = G.view(crowded_state(2), None)
    assert render_view(view, lang="ja", names=NAMES) == board.render(view, lang="ja", names=NAMES)
    with pytest.raises(ValueError, match="no renderer"):
        render_view(object())


def test_crowded_table_fits_and_stays_small() -> None:
    state = crowded_state(4)
    assert all(len(p.area) >= 20 for p in state.players)
    data = board.render(G.view(state, "alice"), lang="ja", names=NAMES)
    assert len(data) < 400_000
    for lang in ("en", "ja"):
        layout = board.Board(G.view(state, None), lang, 1.0, NAMES)
        inner = layout.field_width() - 2 * board.FIELD_PAD
        for player in layout.view.players:
            rows = layout.chips(player, inner)
            assert sum(len(row) for row in rows) >= 10
            for row in rows:
                image, offset = row[-1]
                assert offset + image.width <= inner + 0.5, "a chip runs past its field"
        # The longest card name fits on one chip without being cut.
        assert cards.card_chip("church_of_the_resurrection", 2, True, lang, 1.0).width <= inner


# Names of 24 characters, the longest a table shows in full on a phone, in both scripts.
LONG_NAMES = {
    "en": ("Alexandria Konstantinova", "Bartholomew Fitzgerald-X", "Chiyoko Yamamoto-Tanakaa",
           "Dmitri Ivanovich Mendele"),
    "ja": ("アレクサンドリア・コンスタンティノヴァさんだよね", "バーソロミュー・フィッツジェラルド・エックスだよ",
           "やまもとちよこさんとたなかはなこさんのチームです", "ドミトリー・イヴァノヴィチ・メンデレーエフさんだ"),
}  # fmt: skip
PHONE_WIDTH = 400  # how wide a phone shows an image in Discord, in pixels
PHONE_TEXT = 10  # the smallest line a phone user reads without zooming, in pixels


def phone_views() -> list[tuple[str, View]]:
    """Every kind of board at the largest table: public, private, pending decisions, final."""
    crowded = crowded_state(4)
    found = one_per_phase(4, seed=4)
    assert {"observatory", "pub", "finished"} <= set(found)
    views: list[tuple[str, View]] = [
        ("public", G.view(crowded, None)),
        ("private", G.view(crowded, "alice")),
        ("final", G.view(found["finished"], None)),
    ]
    for kind in ("observatory", "pub"):
        state = found[kind]
        assert state.pending is not None
        views.append((kind, G.view(state, state.players[state.pending.seat].id)))
    return views


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_reads_on_a_phone(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    sizes = record_text_sizes(monkeypatch, ())
    names = {seat: name for seat, name in zip(SEATS, LONG_NAMES[lang], strict=True)}
    assert all(len(name) == 24 for name in names.values())
    for kind, view in phone_views():
        clear_all()  # so that every cached card, chip and token is drawn (and measured) again
        sizes.clear()
        data = board.render(view, lang=lang, names=names)
        width, _ = png_size(data)
        assert sizes, kind
        assert min(sizes) * PHONE_WIDTH / width >= PHONE_TEXT, (kind, min(sizes), width)


def hide_differently(state: State, viewer: str | None, seed: int) -> State:
    """The same position but for what `viewer` may not see: others' money, hands, stack order."""
    rng = random.Random(seed)
    spare = ["market", "author", "lumberjack", "theater", "pope", "bank"]
    people = []
    for player in state.players:
        if player.id == viewer:
            people.append(player)
            continue
        hand = tuple(rng.choice(spare) for _ in player.hand)
        people.append(player.model_copy(update={"money": rng.randrange(200), "hand": hand}))
    stacks = {}
    for stack in STACKS:
        order = list(state.stacks[stack])
        rng.shuffle(order)
        stacks[stack] = tuple(order)
    return state.model_copy(update={"players": tuple(people), "stacks": stacks})


@pytest.mark.parametrize("viewer", [None, "bob"])
def test_hidden_information_does_not_change_the_picture(viewer: str | None) -> None:
    state = one_per_phase(3, seed=11)["buildings"]
    assert any(p.hand for p in state.players if p.id != viewer)
    other = hide_differently(state, viewer, seed=1)
    assert other != state
    for lang in ("en", "ja"):
        first = board.render(G.view(state, viewer), lang=lang, names=NAMES)
        second = board.render(G.view(other, viewer), lang=lang, names=NAMES)
        assert first == second
    # The same change is visible where it is allowed, so the comparison above can fail.
    assert board.render(G.view(state, "alice")) != board.render(G.view(other, "alice"))
    public_money = state.options.model_copy(update={"public_money": True})
    shown, shown_other = (s.model_copy(update={"options": public_money}) for s in (state, other))
    assert board.render(G.view(shown, viewer)) != board.render(G.view(shown_other, viewer))


def test_market_cards_stay_in_their_spaces() -> None:
    state = G.new(list(SEATS[:2]), seed=3)
    # Three cards, so that they stay in the first row of four either way (a row with no card
    # is drawn lower, which would tell the two apart for another reason).
    cards_only = [slot for slot in state.board if slot is not None][:3]
    assert len(cards_only) == 3
    packed = state.model_copy(update={"board": (*cards_only, None)})
    # The same cards in the same order, one space to the right: a renderer that pushed the
    # cards left would draw both alike.
    gapped = state.model_copy(update={"board": (None, *cards_only)})
    layout = board.board_image(G.view(packed, None), lang="en")
    moved = board.board_image(G.view(gapped, None), lang="en")
    assert layout.size == moved.size
    assert layout.tobytes() != moved.tobytes()  # the first space is drawn empty, not filled up


def test_an_empty_market_shows_no_price_tags() -> None:
    state = G.new(list(SEATS[:2]), seed=3)
    empty = state.model_copy(update={"board": (None,) * len(state.board)})
    public = board.Board(G.view(empty, None), "en", 1.0, NAMES)
    private = board.Board(G.view(empty, "alice"), "en", 1.0, NAMES)
    # Prices are only for the viewer, and only under cards: with no card, no space for them.
    assert private.market_height() == public.market_height()
    full = board.Board(G.view(state, "alice"), "en", 1.0, NAMES)
    assert full.market_height() > board.Board(G.view(state, None), "en", 1.0, NAMES).market_height()
