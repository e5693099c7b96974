"""Rebuild the shipped fonts from Debian's font packages (a one-off tool; not used at run time).

Run as root on Debian 12 from the repository root, with fontTools in a throwaway environment:

    apt-get install fonts-noto-cjk fonts-noto-core fonts-dejavu-core
    .venv/bin/pip install fonttools     # a tool for this script only, not a dependency
    .venv/bin/python render/fonts/subset.py

Noto Sans and DejaVu Sans are copied unchanged. Noto Sans CJK JP (face 0 of Debian's TTC,
about 16 MB per weight) is cut down to Latin, Greek, Cyrillic, kana, every character of JIS X
0208 (level 1 and 2 kanji, symbols) and the NEC/IBM extensions of CP932, common punctuation and
symbols, and every Japanese card name in games/stpetersburg/cards.toml.
"""

from __future__ import annotations

import contextlib
import shutil
import tomllib
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
NOTO = Path("/usr/share/fonts/truetype/noto")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

COPIED = {
    NOTO / "NotoSans-Regular.ttf": "NotoSans-Regular.ttf",
    NOTO / "NotoSans-Bold.ttf": "NotoSans-Bold.ttf",
    DEJAVU / "DejaVuSans.ttf": "DejaVuSans.ttf",
}
CJK = {
    NOTO_CJK / "NotoSansCJK-Regular.ttc": "NotoSansCJKjp-Regular-subset.otf",
    NOTO_CJK / "NotoSansCJK-Bold.ttc": "NotoSansCJKjp-Bold-subset.otf",
}

RANGES = [
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A and -B
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x2000, 0x206F),  # general punctuation
    (0x20A0, 0x20CF),  # currency signs (₽)
    (0x2100, 0x21FF),  # letterlike symbols, number forms, arrows
    (0x2200, 0x22FF),  # mathematical operators (× −)
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x2500, 0x27BF),  # box drawing, shapes, miscellaneous symbols, dingbats
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana and katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # halfwidth and fullwidth forms
]


def jis_characters() -> set[str]:
    """Every character of JIS X 0208 (via EUC-JP) and the extra kanji of CP932."""
    chars: set[str] = set()
    for first in range(0xA1, 0xFF):
        for second in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(bytes([first, second]).decode("euc_jp"))
    for first in [*range(0x81, 0xA0), *range(0xE0, 0xFD)]:
        for second in range(0x40, 0xFD):
            with contextlib.suppress(UnicodeDecodeError):
                chars.add(bytes([first, second]).decode("cp932"))
    return {c for c in chars if len(c) == 1}


def card_name_characters() -> set[str]:
    raw = tomllib.loads((REPO / "games/stpetersburg/cards.toml").read_text("utf-8"))
    return {
        ch
        for card in raw["card"]
        for name in (card["ja"], *card.get("ja_aliases", ()))
        for ch in name
    }


def wanted_codepoints() -> set[int]:
    points = {cp for low, high in RANGES for cp in range(low, high + 1)}
    points |= {ord(c) for c in jis_characters() | card_name_characters()}
    return points


def main() -> None:
    for source, name in COPIED.items():
        shutil.copyfile(source, HERE / name)
    points = wanted_codepoints()
    for source, name in CJK.items():
        font = TTCollection(str(source)).fonts[0]  # face 0 is Noto Sans CJK JP
        options = subset.Options()
        options.name_IDs = ["*"]  # keep the copyright and licence records
        options.name_languages = ["*"]
        options.notdef_outline = True
        # Pillow lays text out without OpenType substitutions, so alternates reached only
        # through GSUB (vertical, jp78/jp90, proportional forms) would be dead weight.
        options.layout_features = ["kern"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=points)
        subsetter.subset(font)
        font.save(str(HERE / name))
        print(name, (HERE / name).stat().st_size, "bytes")


if __name__ == "__main__":
    main()
