"""The end-of-game chart image: sized for phones, drawn in English and Japanese, described in words."""

from __future__ import annotations

import io

from PIL import Image

from games.base import ChartMark, chart_of
from render.chart import chart_text, render_chart

SAMPLES = [
    (str(i), {"points": {"a": i * 3, "b": i * 2, "c": 0}, "money": {"a": 10 - i, "b": 5, "c": i}})
    for i in range(8)
]
TITLES = {"points": {"en": "Points", "ja": "勝利点"}, "money": {"en": "Money", "ja": "お金"}}
CHART = chart_of(
    SAMPLES,
    TITLES,
    {"en": "Round", "ja": "ラウンド"},
    [ChartMark(at=3, label={"en": "scoring", "ja": "得点"}), ChartMark(at=5)],
)


def test_the_chart_is_a_png_with_a_panel_per_series() -> None:
    one = chart_of(SAMPLES, {"points": TITLES["points"]}, CHART.axis)
    small = Image.open(io.BytesIO(render_chart(one)))
    big = Image.open(io.BytesIO(render_chart(CHART, names={"a": "Alice"})))
    assert small.format == "PNG" and big.width == small.width == 900
    assert big.height > small.height * 1.6
    # Each seat's colour is on the picture.
    colours = {c for _, c in big.convert("RGB").getcolors(1 << 20) or []}
    assert (183, 28, 28) in colours and (106, 27, 154) in colours


def test_english_and_japanese_differ_only_in_words() -> None:
    en = Image.open(io.BytesIO(render_chart(CHART, lang="en")))
    ja = Image.open(io.BytesIO(render_chart(CHART, lang="ja")))
    assert en.size == ja.size
    assert en.tobytes() != ja.tobytes()


def test_the_alt_text_lists_the_final_values_best_first() -> None:
    assert (
        chart_text(CHART, names={"a": "Alice"})
        == "Points: Alice 21, b 14, c 0; Money: c 7, b 5, Alice 3"
    )
    assert chart_text(CHART, "ja").startswith("勝利点: a 21")
