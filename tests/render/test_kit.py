"""The drawing kit: font coverage and fallback, wrapping, flow layout, thread safety, caches."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageDraw

from games.stpetersburg.data import CARDS
from render import cache, kit
from render import stpetersburg as board
from render import text as fonts
from render.stpetersburg_cards import ABILITIES, LABELS, PHASE_NAMES
from tests.render.positions import NAMES, G, crowded_state

LANGS = ("en", "ja")


def test_fonts_cover_what_they_should() -> None:
    latin, japanese = fonts.coverage(fonts.LATIN[False]), fonts.coverage(fonts.JAPANESE[True])
    assert {ord("A"), ord("é"), ord("Ж"), ord("₽")} <= latin
    assert ord("あ") not in latin
    assert {ord(c) for c in "あア漢字鬱・ー×−"} <= japanese
    assert ord("₽") not in japanese  # so Japanese text borrows it from Noto Sans
    assert ord("★") in fonts.coverage(fonts.SYMBOLS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_name_and_label_draws_without_missing_glyphs(lang: str) -> None:
    texts = [card.name(lang) for card in CARDS.values()]
    texts += [entry[lang] for table in (LABELS, PHASE_NAMES, ABILITIES) for entry in table.values()]
    for text in texts:
        assert fonts.drawable(text, lang) == text, text
        if lang == "ja":
            # Japanese text in the Japanese font, but for the rouble sign it lacks.
            borrowed = "".join(
                part
                for face, part in fonts.runs(text, lang, False)
                if face != fonts.JAPANESE[False]
            )
            assert set(borrowed) <= {"₽"}, text


def test_characters_no_font_has_are_left_out_and_names_fall_back() -> None:
    assert fonts.drawable("Ann 🎲\U000e0001👍", "en").strip() == "Ann"
    mixed = fonts.runs("Pavel 千代子 ★", "en", False)
    assert [face for face, _ in mixed] == [fonts.LATIN[False], fonts.JAPANESE[False]]
    view = G.view(crowded_state(2), None)
    layout = board.Board(view, "en", 1.0, {"alice": "\U000e0001", "bob": "Бoб"})
    assert layout.names == {"alice": "Player 1", "bob": "Бoб"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_wrapped_lines_fit_and_keep_words_whole(lang: str) -> None:
    width = 132
    for card in CARDS.values():
        name = card.name(lang)
        for balance in (False, True):
            lines = fonts.wrap(name, 18, width, lang, True, balance)
            assert all(fonts.text_width(line, 18, lang, True) <= width for line in lines), lines
            if lang == "en":
                words = {w for line in lines for w in line.replace("-", "- ").split()}
                assert words <= set(name.replace("-", "- ").split()), lines
            assert "".join(lines).replace(" ", "") == name.replace(" ", "")


def test_balanced_wrapping_avoids_a_lone_last_word() -> None:
    text = "Any green trading card may replace it"
    greedy = fonts.wrap(text, 14, 132, "en")
    balanced = fonts.wrap(text, 14, 132, "en", balance=True)
    assert len(balanced) == len(greedy)
    widths = [fonts.text_width(line, 14) for line in balanced]
    assert max(widths) - min(widths) < 60


def test_flow_packs_rows_within_the_width() -> None:
    rows = kit.flow([50, 60, 70, 200, 10], 150, 6)
    assert rows == [[(0, 0.0), (1, 56.0)], [(2, 0.0)], [(3, 0.0)], [(4, 0.0)]]


def test_renders_from_several_threads_equal_serial_renders() -> None:
    # The bot renders in worker threads; shared fonts and caches must not mix them up.
    state = crowded_state(4)
    jobs = [(G.view(state, viewer), lang) for viewer in (None, "bob") for lang in ("en", "ja")]
    serial = [board.render(view, lang=lang, names=NAMES) for view, lang in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda job: board.render(job[0], lang=job[1], names=NAMES), jobs))
    assert parallel == serial


# ---------------------------------------------------------------- caches


def square(side: int) -> Image.Image:
    return Image.new("L", (side, side), 0)


def test_bounded_cache_drops_the_least_recently_used_by_bytes() -> None:
    entry = cache.image_bytes(square(40))
    store: cache.BoundedCache[Image.Image] = cache.BoundedCache(
        "test", 10 * entry + 10, register=False
    )
    made: list[int] = []

    def make(key: int) -> Image.Image:
        made.append(key)
        return square(40)

    first = {key: store.get(key, lambda key=key: make(key)) for key in range(10)}
    assert store.get(0, lambda: make(0)) is first[0]  # a hit, and now the most recent
    store.get(10, lambda: make(10))  # over budget: 1 is now the oldest
    assert store.stats()["entries"] == 10 and store.bytes <= store.max_bytes
    store.get(1, lambda: make(1))
    assert made == [*range(11), 1]
    assert store.get(0, lambda: make(0)) is first[0]
    # Something larger than an eighth of the budget is made each time, never kept.
    store.get("big", lambda: square(80))
    assert store.stats()["entries"] == 10 and store.stats()["misses"] == 13


def test_cached_text_draws_what_pillow_draws() -> None:
    text = "Pavel 千代子 ₽ 12"
    painter = kit.Painter(300, 40, background=kit.PAPER)
    painter.text(10, 30, text, 18, valign="baseline")
    direct = Image.new("RGB", painter.image.size, kit.PAPER)
    draw = ImageDraw.Draw(direct)
    left = 10.0
    for face, part in fonts.runs(text, "en", False):
        typeface = fonts.font(face, 18)
        draw.text((left, 30), part, font=typeface, fill=kit.INK, anchor="ls")
        left += typeface.getlength(part)
    difference = ImageChops.difference(painter.image, direct).getextrema()
    assert max(high for _, high in difference) <= 1


def test_box_tiles_match_boxes_drawn_in_place() -> None:
    small = kit.Painter(200, 60, background=kit.WHITE)
    small.round_rect(10, 10, 150, 48, 10, kit.PANEL, outline=kit.OLD_RED, width=2)
    assert kit.TILE_AREA >= 140 * 38  # so the painter pasted a cached tile
    drawn = Image.new("RGB", small.image.size, kit.WHITE)
    draw = ImageDraw.Draw(drawn)
    kit.round_box(drawn, draw, 10, 10, 150, 48, 10, kit.OLD_RED)
    kit.round_box(drawn, draw, 12, 12, 148, 46, 8, kit.PANEL)
    difference = ImageChops.difference(small.image, drawn).getextrema()
    assert max(high for _, high in difference) <= 2


def test_renders_do_not_depend_on_what_the_caches_hold() -> None:
    views = [(G.view(crowded_state(4), viewer), lang) for viewer in (None, "bob") for lang in LANGS]
    warm = [board.render(view, lang=lang, names=NAMES) for view, lang in views]
    cache.clear_all()
    cold = [board.render(view, lang=lang, names=NAMES) for view, lang in reversed(views)]
    assert cold[::-1] == warm


def test_caches_stay_within_their_budgets() -> None:
    for players in (2, 4):
        for viewer in (None, "alice"):
            board.render(G.view(crowded_state(players), viewer), lang="ja", names=NAMES)
    stats = cache.cache_stats()
    assert {"text", "card faces", "chips", "tokens", "boxes"} <= set(stats)
    for figures in stats.values():
        assert figures["bytes"] <= figures["max_bytes"]
    assert cache.total_budget() <= 64 << 20


def test_no_text_is_drawn_under_14_pixels_with_empty_caches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Cached tiles hide their text from a second render, so every cache starts empty here.
    sizes: list[int] = []
    original = fonts.line_mask

    def recording(text: str, size: int, lang: str = "en", bold: bool = False) -> fonts.LineMask:
        sizes.append(size)
        return original(text, size, lang, bold)

    monkeypatch.setattr(kit, "line_mask", recording)
    cache.clear_all()
    for lang in LANGS:
        board.render(G.view(crowded_state(4), "alice"), lang=lang, names=NAMES)
    assert len(sizes) > 100 and min(sizes) >= 14


@pytest.mark.parametrize(("radius", "inset"), [(14, 4), (12, 2), (3, 5), (0, 2), (40, 3)])
def test_a_frame_and_its_inner_box_equal_two_whole_boxes(radius: int, inset: int) -> None:
    # Large outlined boxes paint only their edge band before the inner box, never a pixel twice.
    def box(frame: bool) -> Image.Image:
        image = Image.new("RGB", (90, 70), kit.PAPER)
        draw = ImageDraw.Draw(image)
        if frame:
            kit.round_box(image, draw, 5, 6, 85, 64, radius, kit.OLD_RED, band=inset)
        else:
            kit.round_box(image, draw, 5, 6, 85, 64, radius, kit.OLD_RED)
        inner = max(0, radius - inset)
        kit.round_box(image, draw, 5 + inset, 6 + inset, 85 - inset, 64 - inset, inner, kit.CREAM)
        return image

    assert box(frame=True).tobytes() == box(frame=False).tobytes()
