"""Text for the board images: shipped fonts read once, per-character fallback, measuring, wrapping,
and whole lines rasterised once into cached coverage masks."""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.cache import BoundedCache

FONT_DIR = Path(__file__).with_name("fonts")
LATIN = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
JAPANESE = {False: "NotoSansCJKjp-Regular-subset.otf", True: "NotoSansCJKjp-Bold-subset.otf"}
# The last resort for scripts and symbols the Noto files lack (Arabic, Hebrew, ★♠…): one weight.
SYMBOLS = "DejaVuSans.ttf"


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


@dataclass(frozen=True)
class LineMask:
    """One line of text rasterised as coverage (L), to be filled with any colour where drawn."""

    mask: Image.Image
    left: int  # where the mask's left edge lies, from the pen's start ...
    top: int  # ... and its top, from the baseline (negative: above it)


# Lines are a few kilobytes each (a 30 px line of 200 px is 6 KB); 8 MB keeps thousands, which
# covers every label, name and number a busy process draws in all its sizes.
TEXT_CACHE: BoundedCache[LineMask] = BoundedCache("text", 8 << 20)


def line_mask(text: str, size: int, lang: str = "en", bold: bool = False) -> LineMask:
    """The coverage of one line drawn with its pen at a whole pixel, from the cache when seen."""
    return TEXT_CACHE.get((text, size, lang, bold), lambda: _rasterise(text, size, lang, bold))


def _rasterise(text: str, size: int, lang: str, bold: bool) -> LineMask:
    pieces: list[tuple[ImageFont.FreeTypeFont, str, float]] = []
    left = top = math.inf
    right = bottom = -math.inf
    x = 0.0
    for face, part in runs(text, lang, bold):
        typeface = font(face, size)
        x0, y0, x1, y1 = typeface.getbbox(part, anchor="ls")
        left, top = min(left, x + x0), min(top, y0)
        right, bottom = max(right, x + x1), max(bottom, y1)
        pieces.append((typeface, part, x))
        x += typeface.getlength(part)
    if not pieces or right <= left or bottom <= top:
        return LineMask(Image.new("L", (0, 0)), 0, 0)
    # A pixel of room each side: a run that starts between pixels may spill into the next one.
    origin_x, origin_y = math.floor(left) - 1, math.floor(top) - 1
    mask = Image.new("L", (math.ceil(right) - origin_x + 1, math.ceil(bottom) - origin_y + 1), 0)
    draw = ImageDraw.Draw(mask)
    for typeface, part, start in pieces:
        draw.text((start - origin_x, -origin_y), part, font=typeface, fill=255, anchor="ls")
    return LineMask(mask, origin_x, origin_y)


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
