"""The end-of-game chart image: sized for phones, drawn in English and Japanese, described in words."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.base import ChartMark, chart_of
from render.cache import clear_all
from render.chart import chart_text, render_chart
from render.kit import SEAT_COLOURS, Painter
from tests.render.text_sizes import record_text_sizes

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
    assert small.format == "PNG" and big.width == small.width == 800
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


SIX = [
    (str(i), {"points": {f"s{k}": i * (k + 1) for k in range(6)}}) for i in range(30)
]  # a long six-seat game: 30 ticks, six lines
LONG_NAMES = {f"s{k}": f"Maximilian Alexander {k:02d}" for k in range(6)}  # 24 characters


def test_every_line_reads_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the chart about 400 px wide on a phone: no line under 10 px there."""
    sizes = record_text_sizes(monkeypatch, ())
    for lang in ("en", "ja"):
        for chart in (CHART, chart_of(SIX, {"points": TITLES["points"]}, CHART.axis)):
            clear_all()
            sizes.clear()
            image = Image.open(io.BytesIO(render_chart(chart, lang=lang, names=LONG_NAMES)))
            assert sizes
            assert min(sizes) * 400 / image.width >= 10, (lang, min(sizes), image.width)


def test_the_legend_of_six_long_names_stays_on_the_picture(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every legend entry is drawn inside the image's width, wrapping onto more rows."""
    drawn: list[tuple[str, float, float]] = []
    original = Painter.text

    def noting(self: Painter, x: float, y: float, text: str, size: float, **kw: object) -> float:
        width = original(self, x, y, text, size, **kw)  # type: ignore[arg-type]
        drawn.append((text, x, x + width))
        return width

    monkeypatch.setattr(Painter, "text", noting)
    chart = chart_of(SIX, {"points": TITLES["points"]}, CHART.axis)
    image = Image.open(io.BytesIO(render_chart(chart, names=LONG_NAMES)))
    legend = [(text, x0, x1) for text, x0, x1 in drawn if text.startswith("Maximilian")]
    assert len(legend) == 6
    assert all(x0 >= 0 and x1 <= image.width for _, x0, x1 in legend), legend


def test_six_seats_get_six_colours() -> None:
    chart = chart_of(SIX, {"points": TITLES["points"]}, CHART.axis)
    image = Image.open(io.BytesIO(render_chart(chart, seats=tuple(LONG_NAMES)))).convert("RGB")
    colours = {c for _, c in image.getcolors(1 << 20) or []}
    assert len(SEAT_COLOURS) >= 6
    assert set(SEAT_COLOURS[:6]) <= colours
