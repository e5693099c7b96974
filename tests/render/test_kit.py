"""The drawing kit: font coverage and fallback, wrapping, flow layout, thread safety."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from games.stpetersburg.data import CARDS
from render import kit
from render import stpetersburg as board
from render import text as fonts
from render.stpetersburg_cards import ABILITIES, LABELS, PHASE_NAMES
from tests.render.positions import NAMES, G, crowded_state


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
