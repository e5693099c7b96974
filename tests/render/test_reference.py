"""A fixed Sankt Petersburg view compared with committed reference images.

Regenerate after an intended change of the picture with
`UPDATE_REFERENCE=1 .venv/bin/pytest tests/render/test_reference.py`, then look at the images.
"""

from __future__ import annotations

import os
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from games.stpetersburg.models import BoardCard, PlayerView, Price, View, Yield
from render import stpetersburg as board

REFERENCE = Path(__file__).with_name("reference")
NAMES = {"a": "Anastasia", "b": "Boris", "c": "さくら"}

# Anti-aliasing may differ slightly between FreeType builds; a changed number or word may not.
MEAN_TOLERANCE = 0.5  # mean absolute difference per channel, 0–255
STRONG_DIFFERENCE = 64  # a channel this far off counts as a changed pixel ...
STRONG_PIXELS = 40  # ... and no more than this many may change


def fixed_view(viewer: str | None) -> View:
    """A hand-built position: building phase of round 4, an old card, a face-down Observatory."""
    players = (
        PlayerView(
            id="a", seat=0, points=23, money=17 if viewer == "a" else None, hand_size=2,
            hand=("weaving_mill", "judge") if viewer == "a" else None, hand_limit=3,
            area=("lumberjack", "lumberjack", "shepherd", "market", "observatory", "author"),
            observatories_used=1, markers=("buildings",),
            yields=(Yield(phase="workers", money=9, points=0),
                    Yield(phase="buildings", money=0, points=1),
                    Yield(phase="aristocrats", money=1, points=0)),
            aristocrat_kinds=1,
        ),
        PlayerView(
            id="b", seat=1, points=31, money=None, hand_size=1, hand=None, hand_limit=3,
            area=("gold_miner", "wharf", "customs_house", "customs_house", "secretary"),
            observatories_used=0, markers=("workers", "trading"),
            yields=(Yield(phase="workers", money=9, points=1),
                    Yield(phase="buildings", money=0, points=4),
                    Yield(phase="aristocrats", money=4, points=0)),
            aristocrat_kinds=1,
        ),
        PlayerView(
            id="c", seat=2, points=18, money=None, hand_size=0, hand=None, hand_limit=3,
            area=("fur_trapper", "ship_builder", "church_of_the_resurrection", "administrator"),
            observatories_used=0, markers=("aristocrats",),
            yields=(Yield(phase="workers", money=6, points=0),
                    Yield(phase="buildings", money=2, points=4),
                    Yield(phase="aristocrats", money=2, points=0)),
            aristocrat_kinds=1,
        ),
    )  # fmt: skip
    board_cards = (
        BoardCard(card="theater", old=True),
        BoardCard(card="market"),
        BoardCard(card="mistress_of_ceremonies"),
        BoardCard(card="carpenter_workshop"),
        BoardCard(card="catherine_palace"),
        BoardCard(card="pub"),
        BoardCard(card="firehouse"),
    )
    prices = (
        Price(source="board", card="theater", old=True, cost=19, affordable=False),
        Price(source="board", card="market", cost=4, affordable=True),
        Price(source="board", card="mistress_of_ceremonies", cost=18, affordable=False),
        Price(source="board", card="carpenter_workshop", target="lumberjack", cost=1, affordable=True),
        Price(source="board", card="catherine_palace", target="market", cost=12, affordable=True),
        Price(source="board", card="catherine_palace", target="observatory", cost=11, affordable=True),
        Price(source="board", card="pub", cost=1, affordable=True),
        Price(source="board", card="firehouse", cost=11, affordable=True),
        Price(source="hand", card="weaving_mill", target="shepherd", cost=3, affordable=True),
        Price(source="hand", card="judge", cost=16, affordable=False),
    )  # fmt: skip
    return View(
        viewer=viewer,
        public_money=False,
        round=4,
        phase="buildings",
        to_act=("b",),
        board=board_cards,
        stack_counts={"workers": 12, "buildings": 9, "aristocrats": 15, "trading": 21},
        discard_count=14,
        players=players,
        pending=None,
        last_round=False,
        finished=False,
        passes=1,
        prices=prices if viewer == "a" else (),
    )


def difference(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """Mean absolute difference per channel, and how many pixels differ strongly."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    histogram = diff.histogram()
    channels = [histogram[i * 256 : (i + 1) * 256] for i in range(3)]
    pixels = a.width * a.height
    mean = sum(v * n for channel in channels for v, n in enumerate(channel)) / (3 * pixels)
    strongest = diff.convert("L", (1 / 3, 1 / 3, 1 / 3, 0)).point(
        lambda v: 255 if v * 3 >= STRONG_DIFFERENCE else 0
    )
    return mean, strongest.histogram()[255]


def rendered(view: View, lang: str) -> Image.Image:
    return Image.open(BytesIO(board.render(view, lang=lang, names=NAMES)))


CASES = [("a", "en", "stpetersburg-private-en.png"), (None, "ja", "stpetersburg-public-ja.png")]


@pytest.mark.parametrize(("viewer", "lang", "filename"), CASES)
def test_fixed_view_matches_the_reference(viewer: str | None, lang: str, filename: str) -> None:
    image = rendered(fixed_view(viewer), lang)
    path = REFERENCE / filename
    if os.environ.get("UPDATE_REFERENCE"):
        REFERENCE.mkdir(exist_ok=True)
        path.write_bytes(board.render(fixed_view(viewer), lang=lang, names=NAMES))
    reference = Image.open(path)
    assert image.size == reference.size
    mean, strong = difference(image, reference)
    assert mean <= MEAN_TOLERANCE and strong <= STRONG_PIXELS, (mean, strong)


def test_a_changed_number_exceeds_the_tolerance() -> None:
    view = fixed_view("a")
    players = list(view.players)
    players[1] = players[1].model_copy(update={"points": 38})
    changed = view.model_copy(update={"players": tuple(players)})
    mean, strong = difference(rendered(view, "en"), rendered(changed, "en"))
    assert strong > STRONG_PIXELS, (mean, strong)
