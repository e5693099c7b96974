"""Anti-aliased masks for shapes and icons (phase marks, worker symbols), drawn large and shrunk."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.cache import layer_cache

Point = tuple[float, float]
# One part of an icon: draws itself into a mask of the given pixel width and height.
Stroke = Callable[["ImageDraw.ImageDraw", int, int], None]

# Shapes are drawn this many times larger and shrunk, because Pillow does not anti-alias them.
SUPERSAMPLE = 4


@layer_cache("shape masks", 4 << 20)
def mask(kind: str, width: int, height: int) -> Image.Image:
    """An anti-aliased L mask of a shape filling width × height pixels."""
    big = Image.new("L", (width * SUPERSAMPLE, height * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    w, h = big.size
    if kind == "ellipse":
        draw.ellipse((0, 0, w - 1, h - 1), fill=255)
    elif kind == "corner":
        # A quarter disc for the top-left corner of a rounded box.
        draw.pieslice((0, 0, 2 * w - 1, 2 * h - 1), 180, 270, fill=255)
    elif kind == "shield":
        draw.polygon(_scaled(SHIELD_SHAPE, w, h), fill=255)
    else:
        for shape in ICONS[kind]:
            shape(draw, w, h)
    return big.resize((width, height), Image.Resampling.BOX)


@layer_cache("corners", 1 << 20)
def corners(radius: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The four corner masks of a rounded box: top left, top right, bottom left, bottom right."""
    corner = mask("corner", radius, radius)
    return (
        corner,
        corner.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
        corner.transpose(Image.Transpose.FLIP_TOP_BOTTOM),
        corner.transpose(Image.Transpose.ROTATE_180),
    )


def _scaled(points: Sequence[Point], w: float, h: float) -> list[Point]:
    return [(x / 100 * w, y / 100 * h) for x, y in points]


SHIELD_SHAPE: tuple[Point, ...] = (
    (6, 4),
    (50, 0),
    (94, 4),
    (94, 46),
    (86, 70),
    (70, 86),
    (50, 100),
    (30, 86),
    (14, 70),
    (6, 46),
)


def _poly(points: Sequence[Point], rotate: float = 0.0, ink: int = 255) -> Stroke:
    """An icon part: a polygon in a 100 × 100 box, optionally turned; ink 0 cuts it out."""
    angle = math.radians(rotate)
    turned = [
        (
            50 + (x - 50) * math.cos(angle) - (y - 50) * math.sin(angle),
            50 + (x - 50) * math.sin(angle) + (y - 50) * math.cos(angle),
        )
        for x, y in points
    ]
    return lambda draw, w, h: draw.polygon(_scaled(turned, w, h), fill=ink)


def _rect(
    x0: float, y0: float, x1: float, y1: float, rotate: float = 0.0, ink: int = 255
) -> Stroke:
    return _poly(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), rotate, ink)


def _circle(cx: float, cy: float, r: float) -> Stroke:
    return lambda draw, w, h: draw.ellipse(
        ((cx - r) / 100 * w, (cy - r) / 100 * h, (cx + r) / 100 * w, (cy + r) / 100 * h), fill=255
    )


def _star(cx: float, cy: float, outer: float, inner: float) -> Stroke:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return _poly(points)


# Icons are drawn in a 100 × 100 box. Phase marks: a hammer (workers), a columned building
# (buildings), a crown (aristocrats) and two arrows (trading: one card exchanged for another).
ICONS: dict[str, tuple[Stroke, ...]] = {
    "workers": (
        _rect(44, 30, 56, 96, rotate=40),
        _poly(((18, 8), (62, 8), (70, 16), (70, 34), (18, 34), (10, 21)), rotate=40),
    ),
    "buildings": (
        _poly(((6, 36), (50, 8), (94, 36))),
        _rect(10, 38, 90, 45),
        _rect(16, 48, 26, 80),
        _rect(35, 48, 45, 80),
        _rect(55, 48, 65, 80),
        _rect(74, 48, 84, 80),
        _rect(6, 83, 94, 92),
    ),
    "aristocrats": (
        _poly(((8, 80), (8, 30), (30, 54), (50, 20), (70, 54), (92, 30), (92, 80))),
        _rect(8, 84, 92, 94),
        _circle(8, 28, 8),
        _circle(50, 17, 8),
        _circle(92, 28, 8),
    ),
    "trading": (
        _rect(8, 26, 66, 40),
        _poly(((62, 12), (94, 33), (62, 54))),
        _rect(34, 60, 92, 74),
        _poly(((38, 46), (6, 67), (38, 88))),
    ),
    # Worker symbols: a trading card and the worker it replaces carry the same one.
    "wood": (_poly(((50, 4), (86, 68), (14, 68))), _rect(42, 66, 58, 96)),
    "gold": (
        _poly(((6, 84), (24, 40), (76, 40), (94, 84))),
        _poly(((30, 34), (40, 14), (60, 14), (70, 34))),
    ),
    "wool": (_circle(32, 52, 22), _circle(54, 38, 24), _circle(70, 58, 22), _circle(46, 66, 20)),
    "fur": (
        _poly(
            (
                (28, 8),
                (72, 8),
                (80, 24),
                (94, 30),
                (82, 46),
                (82, 68),
                (94, 88),
                (70, 90),
                (60, 80),
                (40, 80),
                (30, 90),
                (6, 88),
                (18, 68),
                (18, 46),
                (6, 30),
                (20, 24),
            )
        ),
    ),
    "ship": (
        _poly(((4, 64), (96, 64), (80, 90), (20, 90))),
        _rect(46, 6, 54, 64),
        _poly(((56, 10), (56, 58), (88, 58))),
        _poly(((44, 18), (44, 58), (16, 58))),
    ),
    "all": (_star(50, 52, 48, 20),),
    "star": (_star(50, 52, 48, 20),),
    "hand": (
        _rect(12, 18, 56, 86, rotate=-14),
        _rect(34, 8, 90, 92, rotate=10, ink=0),
        _rect(40, 14, 84, 86, rotate=10),
    ),
}
