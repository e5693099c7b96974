"""The end-of-game chart: each seat's series per panel (points, money, ...) as lines, with marks."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise

from games.base import ChartPanel, ScoreChart
from render.kit import INK, INK_SOFT, PANEL_EDGE, PAPER, SEAT_COLOURS, WHITE, Painter, to_png

# Laid out for a phone, as the boards are: 800 px wide and no text under 20 px, so that a screen
# showing it 400 px wide draws every label at 10 px or more.
WIDTH = 800.0
MARGIN = 24.0
TITLE = 30.0
PANEL_H = 330.0
AXIS_W = 64.0  # room for the value labels left of a panel
NAME_W = 160.0  # room for the seats' final values and names right of a panel
SMALL = 20  # the smallest text: values, ticks, marks, the axis name, final values and names
TICK_H = 56.0  # the tick labels, then the axis name below them
TICK_GAP = 14.0  # at least this much space between two tick labels
LEGEND_H = 44.0  # one row of the legend
LEGEND_SIZE = 22
LEGEND_NAME_W = 220.0  # a longer name is cut with "…"
LABEL_GAP = 24.0


def _nice_step(span: float) -> int:
    """A round gridline step giving about four to six lines over `span`."""
    raw = max(span / 5, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * magnitude:
            return int(factor * magnitude)
    return int(10 * magnitude)


def _readable_ticks(
    p: Painter, ticks: Sequence[str], sx: Callable[[int], float]
) -> list[tuple[int, str]]:
    """The tick labels to draw: every one when they fit, else every 2nd, 5th, 10th... (a long
    game's rounds), and never one touching the one before it."""
    labelled = [(i, tick) for i, tick in enumerate(ticks) if tick]
    if len(labelled) < 2:
        return labelled
    room = max(p.measure(tick, SMALL) for _, tick in labelled) + TICK_GAP
    closest = min(sx(b[0]) - sx(a[0]) for a, b in pairwise(labelled))
    stride = next((k for k in (1, 2, 5, 10, 20, 50) if closest * k >= room), 100)
    shown: list[tuple[int, str]] = []
    for i, tick in labelled[::stride]:
        if not shown or sx(i) - sx(shown[-1][0]) >= room:
            shown.append((i, tick))
    return shown


def _legend_places(
    p: Painter, order: Sequence[str], names: Mapping[str, str]
) -> dict[str, tuple[float, int]]:
    """Where each seat's legend entry starts (x, row): as many a row as fit, in seat order."""
    places: dict[str, tuple[float, int]] = {}
    x, row = MARGIN, 0
    for seat in order:
        label = p.fit(names.get(seat, seat), LEGEND_SIZE, LEGEND_NAME_W, bold=True)
        width = 34 + p.measure(label, LEGEND_SIZE, bold=True)
        if x > MARGIN and x + width > WIDTH - MARGIN:
            x, row = MARGIN, row + 1
        places[seat] = (x, row)
        x += width + 24
    return places


def _text(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang, texts.get("en", ""))


def render_chart(
    chart: ScoreChart,
    *,
    lang: str = "en",
    scale: float = 1.0,
    names: Mapping[str, str] | None = None,
    seats: tuple[str, ...] = (),
) -> bytes:
    """A PNG of the chart; `seats` (seat order) fixes each seat's colour as on the board."""
    names = names or {}
    order = list(seats) or [line.seat for line in chart.panels[0].lines]
    colour = {seat: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, seat in enumerate(order)}
    legend = _legend_places(Painter(1, 1, scale=scale, lang=lang), order, names)
    rows = max((row for _, row in legend.values()), default=0) + 1
    height = MARGIN + rows * LEGEND_H + len(chart.panels) * (TITLE + PANEL_H + TICK_H) + MARGIN
    p = Painter(WIDTH, height, scale=scale, lang=lang, background=PAPER)
    for seat in order:
        x, row = legend[seat]
        y = MARGIN + row * LEGEND_H
        p.round_rect(x, y + 8, x + 26, y + 30, 6, colour[seat])
        label = names.get(seat, seat)
        p.text(x + 34, y + 19, label, LEGEND_SIZE, bold=True, max_width=LEGEND_NAME_W)
    y = MARGIN + rows * LEGEND_H
    for panel in chart.panels:
        _panel(p, chart, panel, y, lang, colour, names)
        y += TITLE + PANEL_H + TICK_H
    return to_png(p.image)


def _panel(
    p: Painter,
    chart: ScoreChart,
    panel: ChartPanel,
    top: float,
    lang: str,
    colour: Mapping[str, tuple[int, int, int]],
    names: Mapping[str, str],
) -> None:
    title_end = MARGIN + p.text(MARGIN, top + TITLE / 2, _text(panel.title, lang), 24, bold=True)
    left, right = MARGIN + AXIS_W, WIDTH - MARGIN - NAME_W
    y0, y1 = top + TITLE + 10, top + TITLE + PANEL_H
    values = [v for line in panel.lines for v in line.values] or [0]
    low, high = min(0, min(values)), max(values)
    step = _nice_step(high - low or 1)
    low = step * math.floor(low / step)
    high = max(step * math.ceil(high / step), low + step)
    points = max((len(line.values) for line in panel.lines), default=1)

    def sx(i: int) -> float:
        return left + (right - left) * (i / max(points - 1, 1))

    def sy(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / (high - low)

    p.rect(left, y0, right, y1, WHITE)
    for v in range(int(low), int(high) + 1, step):
        p.rect(left, sy(v) - 0.75, right, sy(v) + 0.75, PANEL_EDGE)
        p.text(left - 10, sy(v), str(v), SMALL, fill=INK_SOFT, align="right")
    for mark in chart.marks:
        if 0 <= mark.at < points:
            mx = sx(mark.at)
            label = _text(mark.label, lang)
            half = 1.5 if label else 0.75
            p.rect(mx - half, y0 - (8 if label else 0), mx + half, y1, INK_SOFT)
            if label:  # above the plot, beside the panel's title, so no line hides it
                clear = mx - p.measure(label, SMALL, bold=True) > title_end + 12
                p.text(
                    mx if clear else mx + 6,
                    top + TITLE / 2,
                    label,
                    SMALL,
                    fill=INK_SOFT,
                    align="right" if clear else "left",
                    bold=True,
                )
    for i, tick in _readable_ticks(p, chart.ticks[:points], sx):
        p.rect(sx(i) - 1, y1, sx(i) + 1, y1 + 8, INK_SOFT)
        p.text(sx(i), y1 + 20, tick, SMALL, fill=INK_SOFT, align="centre")
    p.text(
        (left + right) / 2,
        y1 + TICK_H - 10,
        _text(chart.axis, lang),
        SMALL,
        fill=INK_SOFT,
        align="centre",
    )
    ends: list[tuple[float, str, int]] = []
    for line in panel.lines:
        xy = [(p.px(sx(i)), p.px(sy(v))) for i, v in enumerate(line.values)]
        if len(xy) > 1:
            p.draw.line(xy, fill=colour.get(line.seat, INK), width=max(2, p.px(4)), joint="curve")
        if line.values:
            ends.append((sy(line.values[-1]), line.seat, line.values[-1]))
    # Final values beside the lines' ends, pushed apart so that none overlaps another and all
    # stay within the panel.
    ends.sort()
    placed: list[float] = []
    for wanted, _, _ in ends:
        placed.append(max(wanted, placed[-1] + LABEL_GAP) if placed else wanted)
    for index in range(len(placed) - 1, -1, -1):
        ceiling = y1 if index == len(placed) - 1 else placed[index + 1] - LABEL_GAP
        placed[index] = min(placed[index], ceiling)
    for at, (_, seat, value) in zip(placed, ends, strict=True):
        p.disc(right + 14, at, 12, colour.get(seat, INK))
        label = f"{value} {names.get(seat, seat)}"
        p.text(right + 26, at, label, SMALL, bold=True, max_width=NAME_W - 30)
    p.rect(left, y1 - 1, right, y1 + 1, INK)


def chart_text(chart: ScoreChart, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """The chart in words (its alt text): each panel's final values, best first."""
    names = names or {}
    parts = []
    for panel in chart.panels:
        ends = sorted(
            ((line.values[-1], line.seat) for line in panel.lines if line.values), reverse=True
        )
        listed = ", ".join(f"{names.get(seat, seat)} {value}" for value, seat in ends)
        parts.append(f"{_text(panel.title, lang)}: {listed}")
    return "; ".join(parts)[:1024]
