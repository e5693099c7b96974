"""Shared drawing kit for board images: palette, a painter in layout units, tokens, layout, PNG."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from io import BytesIO

from PIL import Image, ImageDraw

from render.cache import layer_cache
from render.icons import corners, mask
from render.text import ellipsize, line_mask, text_width, wrap

RGB = tuple[int, int, int]

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
# Six, for the largest table (Catan's six seats); the first four are every game's usual seats.
SEAT_COLOURS: tuple[RGB, ...] = (
    (183, 28, 28),
    (106, 27, 154),
    (55, 71, 79),
    (121, 85, 72),
    (0, 105, 92),
    (191, 54, 12),
)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


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
        # The pen starts on a whole pixel, so one cached rasterisation serves every place a line
        # is drawn (an offset of under half a pixel, which nobody sees).
        line = line_mask(text, pixels, self.lang, bold)
        if line.mask.width:
            x0, y0 = round(left) + line.left, round(baseline) + line.top
            self.image.paste(fill, (x0, y0, x0 + line.mask.width, y0 + line.mask.height), line.mask)
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
        left, top, right, bottom = self.px(x0), self.px(y0), self.px(x1), self.px(y1)
        if right <= left or bottom <= top:
            return
        edge = outline if outline is not None and width > 0 else None
        inset = max(1, self.px(width)) if edge is not None else 0
        if (right - left) * (bottom - top) <= TILE_AREA:
            tile = box_tile(right - left, bottom - top, self.px(radius), fill, edge, inset)
            self._paste_tile(tile, left, top)
            return
        if edge is not None:
            radius_px = self.px(radius)
            round_box(self.image, self.draw, left, top, right, bottom, radius_px, edge, inset)
        round_box(
            self.image,
            self.draw,
            left + inset,
            top + inset,
            right - inset,
            bottom - inset,
            max(0, self.px(radius) - inset),
            fill,
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
        """The kit's earlier name for `round_box` on this painter's image, kept for renderers."""
        target = self.image if image is None else image
        draw = self.draw if image is None else ImageDraw.Draw(image)
        round_box(target, draw, x0, y0, x1, y1, r, fill)

    def _paste_tile(self, tile: Image.Image, left: int, top: int) -> None:
        if self.image.mode == "RGBA":
            # Onto a transparent tile, "over" compositing; a masked paste would thin the edges.
            self.image.alpha_composite(tile, (left, top))
        else:
            self.image.paste(tile, (left, top), tile)

    def banded_round_rect(
        self, x0: float, y0: float, x1: float, y1: float, radius: float, colours: Sequence[RGB]
    ) -> None:
        """A rounded box of equal vertical bands, for the three-colour trading phase."""
        left, top, right, bottom = self.px(x0), self.px(y0), self.px(x1), self.px(y1)
        self._bands(left, top, rounded_mask(right - left, bottom - top, self.px(radius)), colours)

    def banded_disc(self, cx: float, cy: float, d: float, colours: Sequence[RGB]) -> None:
        """A disc of equal vertical bands: the trading phase's marker."""
        size = self.px(d)
        left, top = round(cx * self.scale - size / 2), round(cy * self.scale - size / 2)
        self._bands(left, top, mask("ellipse", size, size), colours)

    def _bands(self, left: int, top: int, shape: Image.Image, colours: Sequence[RGB]) -> None:
        bands = Image.new("RGB", shape.size)
        step = bands.width / len(colours)
        draw = ImageDraw.Draw(bands)
        for i, colour in enumerate(colours):
            draw.rectangle((round(i * step), 0, round((i + 1) * step), bands.height), fill=colour)
        self.image.paste(bands, (left, top), shape)

    def shape(self, kind: str, cx: float, cy: float, w: float, h: float, fill: RGB) -> None:
        """An anti-aliased ellipse, shield or icon centred on (cx, cy)."""
        pw, ph = self.px(w), self.px(h)
        left, top = round(cx * self.scale - pw / 2), round(cy * self.scale - ph / 2)
        self._paste(fill, (left, top, left + pw, top + ph), mask(kind, pw, ph))

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
        self._paste_tile(tile, self.px(x), self.px(y))

    # ------------------------------------------------------------ tokens

    def coin(
        self, cx: float, cy: float, d: float, label: str, *, size: float | None = None
    ) -> None:
        """Income: a number on a gold coin."""
        self.token("coin", cx, cy, d, d, label, size or d * 0.5)

    def shield(
        self, cx: float, cy: float, h: float, label: str, *, size: float | None = None
    ) -> None:
        """Points: a number on a yellow shield, as on the printed cards."""
        self.token("shield", cx, cy, h * 0.86, h, label, size or h * 0.46)

    def token(
        self, kind: str, cx: float, cy: float, w: float, h: float, label: str, size: float
    ) -> None:
        """A labelled token ("coin", "shield") centred on (cx, cy), pasted from the cache."""
        pw, ph = self.px(w), self.px(h)
        tile = token_tile(kind, pw, ph, label, self.font_px(size), self.lang)
        self._paste_tile(tile, round(cx * self.scale - pw / 2), round(cy * self.scale - ph / 2))

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

    def cut_out(self, shape: Image.Image) -> Image.Image:
        """The picture as an RGBA tile, transparent outside an L mask of its own size.

        Draw the outermost shape's colour as the background first: its edge then blends with
        whatever the tile is pasted on, exactly as if it had been drawn there.
        """
        tile = self.image.convert("RGBA")
        tile.putalpha(shape)
        return tile


# Boxes up to this many pixels are pasted as one cached tile; larger ones are drawn as
# rectangles and corners, which costs less than blending a large tile.
TILE_AREA = 40_000


def round_box(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    x0: int,
    y0: int,
    x1: int,
    y1: int,
    r: int,
    fill: RGB | int,
    band: int | None = None,
) -> None:
    """A rounded box in pixels: a middle column, two side columns and four anti-aliased corners.

    No pixel is filled twice: on a board most of the drawing time is large boxes. With `band`,
    only the edge band that many pixels wide (an outline): a box drawn inside it (inset by band,
    radius r - band) covers the rest exactly, its corners blending over these ones.
    """
    r = min(r, (x1 - x0) // 2, (y1 - y0) // 2)
    if x1 <= x0 or y1 <= y0:
        return
    if x1 - x0 > 2 * r:
        if band is None:
            draw.rectangle((x0 + r, y0, x1 - r - 1, y1 - 1), fill=fill)
        else:
            draw.rectangle((x0 + r, y0, x1 - r - 1, y0 + band - 1), fill=fill)
            draw.rectangle((x0 + r, y1 - band, x1 - r - 1, y1 - 1), fill=fill)
    side = r if band is None else band
    if y1 - y0 > 2 * r and side > 0:
        draw.rectangle((x0, y0 + r, x0 + side - 1, y1 - r - 1), fill=fill)
        draw.rectangle((x1 - side, y0 + r, x1 - 1, y1 - r - 1), fill=fill)
    if r > 0:
        _corners(image, x0, y0, x1, y1, r, fill)


def _corners(
    image: Image.Image, x0: int, y0: int, x1: int, y1: int, r: int, fill: RGB | int
) -> None:
    top_left, top_right, bottom_left, bottom_right = corners(r)
    image.paste(fill, (x0, y0, x0 + r, y0 + r), top_left)
    image.paste(fill, (x1 - r, y0, x1, y0 + r), top_right)
    image.paste(fill, (x0, y1 - r, x0 + r, y1), bottom_left)
    image.paste(fill, (x1 - r, y1 - r, x1, y1), bottom_right)


@layer_cache("rounded masks", 4 << 20)
def rounded_mask(width: int, height: int, radius: int) -> Image.Image:
    """The coverage of a rounded box filling width × height pixels."""
    shape = Image.new("L", (max(0, width), max(0, height)), 0)
    round_box(shape, ImageDraw.Draw(shape), 0, 0, width, height, radius, 255)
    return shape


@layer_cache("boxes", 8 << 20)
def box_tile(
    width: int, height: int, radius: int, fill: RGB, outline: RGB | None, inset: int
) -> Image.Image:
    """A small rounded box, with its outline inset pixels wide, as an RGBA tile."""
    tile = Image.new("RGB", (width, height), fill if outline is None else outline)
    if outline is not None:
        draw = ImageDraw.Draw(tile)
        inner = max(0, radius - inset)
        round_box(tile, draw, inset, inset, width - inset, height - inset, inner, fill)
    rgba = tile.convert("RGBA")
    rgba.putalpha(rounded_mask(width, height, radius))
    return rgba


@layer_cache("tokens", 4 << 20)
def token_tile(kind: str, width: int, height: int, label: str, size: int, lang: str) -> Image.Image:
    """A coin or shield of this pixel size with a number on it, as an RGBA tile."""
    p = Painter(width, height, lang=lang, background=COIN_EDGE if kind == "coin" else SHIELD_EDGE)
    cx, cy = width / 2, height / 2
    edge = max(1.5, height / 16)
    if kind == "coin":
        p.disc(cx, cy, height - 2 * edge, COIN)
        p.disc(cx, cy, height * 0.72, mix(COIN, WHITE, 0.18))
        p.text(cx, cy, label, size, bold=True, fill=INK, align="centre")
        return p.cut_out(mask("ellipse", width, height))
    p.shape("shield", cx, cy - edge * 0.3, width - 2 * edge, height - 2.4 * edge, SHIELD)
    p.text(cx, cy - height * 0.06, label, size, bold=True, fill=INK, align="centre")
    return p.cut_out(mask("shield", width, height))


# ---------------------------------------------------------------- cards

CHIP_H = 30
CHIP_TEXT = 15


# A chip is about 20 KB: 8 MB keeps some 400, the cards of many tables at once.
@layer_cache("chips", 8 << 20)
def chip(
    colour: str, text: str, count: int, *, framed: bool, muted: bool, lang: str, scale: float
) -> Image.Image:
    """A compact card: name and ×count on the colour's tint; framed adds the trading mark."""
    swatch = PALETTE[colour]
    measure = Painter(1, 1, scale=scale, lang=lang)
    counter = f"×{count}" if count > 1 else ""
    icon = 20 if framed else 0
    width = 12 + icon + measure.measure(text, CHIP_TEXT) + 12
    if counter:
        width += measure.measure(counter, CHIP_TEXT, bold=True) + 6
    if muted:
        fill, edge, ink = FACE_DOWN, (150, 146, 140), INK_SOFT
    else:
        fill, edge, ink = swatch.tint, swatch.strong, INK
    p = Painter(width, CHIP_H, scale=scale, lang=lang, background=edge)
    p.round_rect(0, 0, width, CHIP_H, 7, fill, outline=edge, width=1.5)
    x = 12.0
    if icon:
        p.icon("trading", x + 7, CHIP_H / 2, 15, swatch.dark)
        x += icon
    x += p.text(x, CHIP_H / 2, text, CHIP_TEXT, fill=ink)
    if counter:
        p.text(x + 6, CHIP_H / 2, counter, CHIP_TEXT, fill=swatch.dark, bold=True)
    return p.cut_out(rounded_mask(p.image.width, p.image.height, p.px(7)))


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


def to_png(image: Image.Image, *, colours: int = 256, compress_level: int = 1) -> bytes:
    """PNG bytes of an image, reduced to a palette: far smaller, and quick to compress.

    zlib level 1 by default: about a third larger than level 6 and several times faster to
    encode (docs/performance.md, "Board images"); a renderer may ask for more compression.
    """
    quantised = image.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = BytesIO()
    quantised.save(out, format="PNG", optimize=False, compress_level=compress_level)
    return out.getvalue()
