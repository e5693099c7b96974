"""Shared drawing kit for board images: fonts with per-character fallback, palette, shapes, icons."""

from __future__ import annotations

import math
import re
import struct
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Point = tuple[float, float]
# One part of an icon: draws itself into a mask of the given pixel width and height.
Stroke = Callable[["ImageDraw.ImageDraw", int, int], None]

FONT_DIR = Path(__file__).with_name("fonts")
LATIN = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
JAPANESE = {False: "NotoSansCJKjp-Regular-subset.otf", True: "NotoSansCJKjp-Bold-subset.otf"}
# The last resort for scripts and symbols the Noto files lack (Arabic, Hebrew, ★♠…): one weight.
SYMBOLS = "DejaVuSans.ttf"

# Shapes are drawn this many times larger and shrunk, because Pillow does not anti-alias them.
SUPERSAMPLE = 4

# ---------------------------------------------------------------- palette

INK: RGB = (38, 34, 30)
INK_SOFT: RGB = (105, 96, 86)
PAPER: RGB = (244, 238, 226)
PANEL: RGB = (232, 223, 206)
PANEL_EDGE: RGB = (206, 193, 170)
WHITE: RGB = (255, 255, 255)
CREAM: RGB = (253, 250, 243)
OLD_RED: RGB = (198, 40, 40)
COIN: RGB = (226, 172, 58)
COIN_EDGE: RGB = (150, 104, 20)
SHIELD: RGB = (255, 214, 64)
SHIELD_EDGE: RGB = (120, 92, 0)
AFFORDABLE: RGB = (46, 125, 50)
UNAFFORDABLE: RGB = (150, 140, 130)
FACE_DOWN: RGB = (208, 204, 198)
HIGHLIGHT: RGB = (255, 243, 196)


class Swatch:
    """The shades of one card colour: strong for fills, dark for text on light, tint for chips."""

    def __init__(self, strong: RGB, dark: RGB, tint: RGB) -> None:
        self.strong, self.dark, self.tint = strong, dark, tint


PALETTE: dict[str, Swatch] = {
    "green": Swatch((56, 142, 60), (27, 94, 32), (226, 241, 222)),
    "blue": Swatch((30, 101, 178), (13, 60, 120), (221, 234, 248)),
    "orange": Swatch((230, 120, 20), (150, 70, 0), (253, 234, 212)),
}
# The trading stack's back mixes all three colours.
MIXED: tuple[RGB, ...] = tuple(PALETTE[c].strong for c in ("green", "blue", "orange"))
SEAT_COLOURS: tuple[RGB, ...] = ((183, 28, 28), (106, 27, 154), (55, 71, 79), (121, 85, 72))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# ---------------------------------------------------------------- fonts


@cache
def coverage(filename: str) -> frozenset[int]:
    """The code points a shipped font has glyphs for, read from its cmap table once."""
    data = _font_bytes(filename).data
    tables = struct.unpack_from(">H", data, 4)[0]
    cmap = next(
        struct.unpack_from(">I", data, 12 + 16 * i + 8)[0]
        for i in range(tables)
        if data[12 + 16 * i : 12 + 16 * i + 4] == b"cmap"
    )
    points: set[int] = set()
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        offset = cmap + struct.unpack_from(">I", data, cmap + 4 + 8 * i + 4)[0]
        fmt = struct.unpack_from(">H", data, offset)[0]
        if fmt == 4:
            segments = struct.unpack_from(">H", data, offset + 6)[0] // 2
            ends = offset + 14
            starts = ends + 2 * segments + 2
            for s in range(segments):
                end = struct.unpack_from(">H", data, ends + 2 * s)[0]
                start = struct.unpack_from(">H", data, starts + 2 * s)[0]
                points.update(range(start, min(end, 0xFFFE) + 1))
        elif fmt == 12:
            groups = struct.unpack_from(">I", data, offset + 12)[0]
            for g in range(groups):
                start, end, _ = struct.unpack_from(">III", data, offset + 16 + 12 * g)
                points.update(range(start, end + 1))
    return frozenset(points)


class _SharedBytes:
    """A file-like object whose read() hands Pillow one shared buffer instead of a fresh copy."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self) -> bytes:
        return self.data


@cache
def _font_bytes(filename: str) -> _SharedBytes:
    return _SharedBytes((FONT_DIR / filename).read_bytes())


@lru_cache(maxsize=128)
def font(filename: str, size: int) -> ImageFont.FreeTypeFont:
    """One shipped font at a pixel size; every size shares the bytes read once from disk."""
    # Basic layout: deterministic across machines (no raqm), and no shaping is needed here.
    return ImageFont.truetype(
        _font_bytes(filename),  # type: ignore[arg-type]
        size,
        layout_engine=ImageFont.Layout.BASIC,
    )


def font_chain(lang: str, bold: bool) -> tuple[str, ...]:
    """Fonts to try for each character, in order; Japanese text prefers the Japanese font."""
    if lang == "ja":
        return (JAPANESE[bold], LATIN[bold], SYMBOLS)
    return (LATIN[bold], JAPANESE[bold], SYMBOLS)


@lru_cache(maxsize=8192)
def runs(text: str, lang: str, bold: bool) -> tuple[tuple[str, str], ...]:
    """Split text into (font file, substring) runs; characters no font has are left out."""
    chain = font_chain(lang, bold)
    result: list[tuple[str, str]] = []
    for char in text:
        point = ord(char)
        if char == " " and result:
            face = result[-1][0]
        else:
            face = next((f for f in chain if point in coverage(f)), "")
        if not face:
            continue  # an emoji or a rare script: better absent than a tofu box
        if result and result[-1][0] == face:
            result[-1] = (face, result[-1][1] + char)
        else:
            result.append((face, char))
    return tuple(result)


@lru_cache(maxsize=16384)
def text_width(text: str, size: int, lang: str = "en", bold: bool = False) -> float:
    """Width in pixels of one line of text at a pixel size."""
    return sum(font(face, size).getlength(part) for face, part in runs(text, lang, bold))


def drawable(text: str, lang: str = "en") -> str:
    """The text without the characters no shipped font can draw."""
    return "".join(part for _, part in runs(text, lang, False))


def ellipsize(text: str, size: int, width: float, lang: str = "en", bold: bool = False) -> str:
    """The text, cut with an ellipsis if it is wider than width."""
    if text_width(text, size, lang, bold) <= width:
        return text
    for end in range(len(text) - 1, 0, -1):
        candidate = text[:end].rstrip() + "…"
        if text_width(candidate, size, lang, bold) <= width:
            return candidate
    return "…"


# Japanese line breaking: these may not begin a line (kinsoku), so they stay with the previous char.
NO_LINE_START = set("、。，．・：；？！ー）」』】〕ゃゅょっぁぃぅぇぉャュョッァィゥェォ…×")


def wrap(
    text: str, size: int, width: float, lang: str = "en", bold: bool = False, balance: bool = False
) -> list[str]:
    """Break text into lines no wider than width: at spaces, else between CJK characters.

    With balance, the lines are made about equally long (no lone last word or character).
    """
    lines, splits = _greedy_wrap(text, size, width, lang, bold)
    if not balance or len(lines) < 2:
        return lines
    # The narrowest width that needs no more lines and splits no more words is the most even.
    low, high = width / len(lines), width
    for _ in range(8):
        middle = (low + high) / 2
        narrower, more_splits = _greedy_wrap(text, size, middle, lang, bold)
        if len(narrower) <= len(lines) and more_splits <= splits:
            high = middle
        else:
            low = middle
    return _greedy_wrap(text, size, high, lang, bold)[0]


def _greedy_wrap(
    text: str, size: int, width: float, lang: str, bold: bool
) -> tuple[list[str], int]:
    """Lines filled as far as they go, and how many words had to be split between lines."""
    # Tokens with the separator that joins each to the one before: a space, or nothing after
    # a hyphen ("Mariinskij-" + "Theater") or inside a word split between CJK characters.
    tokens: list[tuple[str, str]] = []
    splits = 0
    for word in text.split(" "):
        separator = " "
        for part in re.split(r"(?<=-)(?=\w)", word):
            if text_width(part, size, lang, bold) <= width:
                tokens.append((part, separator))
                separator = ""
                continue
            # Too long for a line on its own: split it into the largest pieces that fit.
            splits += 1
            piece = ""
            for char in part:
                if piece and text_width(piece + char, size, lang, bold) > width:
                    if char in NO_LINE_START:
                        char, piece = piece[-1] + char, piece[:-1]
                    tokens.append((piece, separator))
                    separator = ""
                    piece = char
                else:
                    piece += char
            tokens.append((piece, separator))
            separator = ""
    lines: list[str] = []
    for token, separator in tokens:
        joined = f"{lines[-1]}{separator}{token}" if lines else token
        if lines and text_width(joined, size, lang, bold) <= width:
            lines[-1] = joined
        else:
            lines.append(token)
    return lines, splits


# ---------------------------------------------------------------- masks and icons


@lru_cache(maxsize=2048)
def _mask(kind: str, width: int, height: int, extra: float = 0.0) -> Image.Image:
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


# ---------------------------------------------------------------- the painter


class Painter:
    """Draws on one RGB image in layout units, which the scale turns into pixels."""

    def __init__(
        self,
        width: float,
        height: float,
        *,
        scale: float = 1.0,
        lang: str = "en",
        background: RGB | tuple[int, int, int, int] = PAPER,
        mode: str = "RGB",
    ) -> None:
        self.scale = scale
        self.lang = lang
        self.image = Image.new(mode, (self.px(width), self.px(height)), background)
        self.draw = ImageDraw.Draw(self.image)

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def font_px(self, size: float) -> int:
        return max(1, round(size * self.scale))

    # ------------------------------------------------------------ text

    def measure(self, text: str, size: float, *, bold: bool = False) -> float:
        """Width of one line in layout units."""
        return text_width(text, self.font_px(size), self.lang, bold) / self.scale

    def wrap(
        self, text: str, size: float, width: float, *, bold: bool = False, balance: bool = False
    ) -> list[str]:
        return wrap(text, self.font_px(size), width * self.scale, self.lang, bold, balance)

    def fit(self, text: str, size: float, width: float, *, bold: bool = False) -> str:
        return ellipsize(text, self.font_px(size), width * self.scale, self.lang, bold)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        fill: RGB = INK,
        bold: bool = False,
        align: str = "left",
        valign: str = "middle",
        max_width: float | None = None,
    ) -> float:
        """Draw one line; y is its visual middle (valign "middle") or baseline. Returns width."""
        if max_width is not None:
            text = self.fit(text, size, max_width, bold=bold)
        pixels = self.font_px(size)
        width = text_width(text, pixels, self.lang, bold)
        left = x * self.scale - {"left": 0, "centre": width / 2, "right": width}[align]
        # The middle of a capital or a kana sits about 0.36 em above the baseline in both fonts.
        baseline = y * self.scale + (0.36 * pixels if valign == "middle" else 0)
        for face, part in runs(text, self.lang, bold):
            typeface = font(face, pixels)
            self.draw.text((left, baseline), part, font=typeface, fill=fill, anchor="ls")
            left += typeface.getlength(part)
        return width / self.scale

    def lines(
        self,
        x: float,
        y: float,
        lines: Sequence[str],
        size: float,
        *,
        fill: RGB = INK,
        bold: bool = False,
        align: str = "centre",
        leading: float = 1.25,
    ) -> None:
        """Draw a block of lines whose visual middle is at y."""
        step = size * leading
        first = y - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            self.text(x, first + i * step, line, size, fill=fill, bold=bold, align=align)

    # ------------------------------------------------------------ shapes

    def _paste(self, colour: RGB, box: tuple[int, int, int, int], mask: Image.Image) -> None:
        if mask.size[0] > 0 and mask.size[1] > 0:
            self.image.paste(colour, box, mask)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: RGB) -> None:
        self.draw.rectangle((self.px(x0), self.px(y0), self.px(x1) - 1, self.px(y1) - 1), fill=fill)

    def round_rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        radius: float,
        fill: RGB,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        """An anti-aliased rounded box; the outline is drawn inside its edge."""
        if outline is not None and width > 0:
            self._round_box(
                self.px(x0), self.px(y0), self.px(x1), self.px(y1), self.px(radius), outline
            )
            inset = max(1, self.px(width))
            self._round_box(
                self.px(x0) + inset,
                self.px(y0) + inset,
                self.px(x1) - inset,
                self.px(y1) - inset,
                max(0, self.px(radius) - inset),
                fill,
            )
        else:
            self._round_box(
                self.px(x0), self.px(y0), self.px(x1), self.px(y1), self.px(radius), fill
            )

    def _round_box(
        self,
        x0: int,
        y0: int,
        x1: int,
        y1: int,
        r: int,
        fill: RGB,
        image: Image.Image | None = None,
    ) -> None:
        target = self.image if image is None else image
        draw = self.draw if image is None else ImageDraw.Draw(image)
        r = min(r, (x1 - x0) // 2, (y1 - y0) // 2)
        if x1 <= x0 or y1 <= y0:
            return
        if x1 - x0 > 2 * r:
            draw.rectangle((x0 + r, y0, x1 - r - 1, y1 - 1), fill=fill)
        if y1 - y0 > 2 * r:
            draw.rectangle((x0, y0 + r, x1 - 1, y1 - r - 1), fill=fill)
        if r <= 0:
            return
        corner = _mask("corner", r, r)
        for box, turn in (
            ((x0, y0, x0 + r, y0 + r), None),
            ((x1 - r, y0, x1, y0 + r), Image.Transpose.FLIP_LEFT_RIGHT),
            ((x0, y1 - r, x0 + r, y1), Image.Transpose.FLIP_TOP_BOTTOM),
            ((x1 - r, y1 - r, x1, y1), Image.Transpose.ROTATE_180),
        ):
            target.paste(fill, box, corner if turn is None else corner.transpose(turn))

    def banded_round_rect(
        self, x0: float, y0: float, x1: float, y1: float, radius: float, colours: Sequence[RGB]
    ) -> None:
        """A rounded box of equal vertical bands, for the three-colour trading phase."""
        left, top, right, bottom = self.px(x0), self.px(y0), self.px(x1), self.px(y1)
        mask = Image.new("L", (right - left, bottom - top), 0)
        self._round_box(0, 0, mask.width, mask.height, self.px(radius), 255, mask)  # type: ignore[arg-type]
        self._bands(left, top, mask, colours)

    def banded_disc(self, cx: float, cy: float, d: float, colours: Sequence[RGB]) -> None:
        """A disc of equal vertical bands: the trading phase's marker."""
        size = self.px(d)
        left, top = round(cx * self.scale - size / 2), round(cy * self.scale - size / 2)
        self._bands(left, top, _mask("ellipse", size, size), colours)

    def _bands(self, left: int, top: int, mask: Image.Image, colours: Sequence[RGB]) -> None:
        bands = Image.new("RGB", mask.size)
        step = bands.width / len(colours)
        draw = ImageDraw.Draw(bands)
        for i, colour in enumerate(colours):
            draw.rectangle((round(i * step), 0, round((i + 1) * step), bands.height), fill=colour)
        self.image.paste(bands, (left, top), mask)

    def shape(self, kind: str, cx: float, cy: float, w: float, h: float, fill: RGB) -> None:
        """An anti-aliased ellipse, shield or icon centred on (cx, cy)."""
        pw, ph = self.px(w), self.px(h)
        left, top = round(cx * self.scale - pw / 2), round(cy * self.scale - ph / 2)
        self._paste(fill, (left, top, left + pw, top + ph), _mask(kind, pw, ph))

    def disc(
        self,
        cx: float,
        cy: float,
        d: float,
        fill: RGB,
        outline: RGB | None = None,
        width: float = 0,
    ) -> None:
        if outline is not None:
            self.shape("ellipse", cx, cy, d, d, outline)
            d -= 2 * width
        self.shape("ellipse", cx, cy, d, d, fill)

    def icon(self, name: str, cx: float, cy: float, size: float, fill: RGB) -> None:
        self.shape(name, cx, cy, size, size, fill)

    def paste(self, tile: Image.Image, x: float, y: float) -> None:
        """Paste a pre-rendered RGBA tile with its top-left corner at (x, y)."""
        self.image.paste(tile, (self.px(x), self.px(y)), tile)

    # ------------------------------------------------------------ tokens

    def coin(
        self, cx: float, cy: float, d: float, label: str, *, size: float | None = None
    ) -> None:
        """Income: a number on a gold coin."""
        self.disc(cx, cy, d, COIN, COIN_EDGE, max(1.5, d / 16))
        self.disc(cx, cy, d * 0.72, mix(COIN, WHITE, 0.18))
        self.text(cx, cy, label, size or d * 0.5, bold=True, fill=INK, align="centre")

    def shield(
        self, cx: float, cy: float, h: float, label: str, *, size: float | None = None
    ) -> None:
        """Points: a number on a yellow shield, as on the printed cards."""
        w = h * 0.86
        self.shape("shield", cx, cy, w, h, SHIELD_EDGE)
        edge = max(1.5, h / 16)
        self.shape("shield", cx, cy - edge * 0.3, w - 2 * edge, h - 2.4 * edge, SHIELD)
        self.text(cx, cy - h * 0.06, label, size or h * 0.46, bold=True, fill=INK, align="centre")

    def pill(
        self,
        x: float,
        cy: float,
        label: str,
        size: float,
        *,
        fill: RGB,
        ink: RGB = WHITE,
        bold: bool = True,
        align: str = "left",
        pad: float | None = None,
    ) -> float:
        """A rounded label; returns its width. x is its left, centre or right edge."""
        pad = size * 0.6 if pad is None else pad
        width = self.measure(label, size, bold=bold) + 2 * pad
        height = size * 1.6
        left = {"left": x, "centre": x - width / 2, "right": x - width}[align]
        self.round_rect(left, cy - height / 2, left + width, cy + height / 2, height / 2, fill)
        self.text(left + pad, cy, label, size, fill=ink, bold=bold)
        return width

    def tile(self) -> Image.Image:
        return self.image


# ---------------------------------------------------------------- layout helpers


def flow(widths: Iterable[float], max_width: float, gap: float) -> list[list[tuple[int, float]]]:
    """Pack items of these widths into rows no wider than max_width: rows of (index, x)."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = 0.0
    for index, width in enumerate(widths):
        if rows[-1] and x + width > max_width:
            rows.append([])
            x = 0.0
        rows[-1].append((index, x))
        x += width + gap
    return [row for row in rows if row]


def columns(total: float, count: int, gap: float) -> list[tuple[float, float]]:
    """Split a width into count equal columns: (offset, width) each."""
    width = (total - gap * (count - 1)) / count
    return [(i * (width + gap), width) for i in range(count)]


def to_png(image: Image.Image, *, colours: int = 256) -> bytes:
    """PNG bytes of an image, reduced to a palette: far smaller, and quick to compress."""
    quantised = image.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = BytesIO()
    quantised.save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()
