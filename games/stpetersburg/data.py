"""Sankt Petersburg card data: loaded from cards.toml, validated, and indexed by key and name."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict

from games.base import normalise

StackId = Literal["workers", "buildings", "aristocrats", "trading"]
Colour = Literal["green", "blue", "orange"]
Ability = Literal[
    "any_green_trading_target",
    "potjomkin",
    "pub",
    "warehouse",
    "observatory",
    "blue_discount",
    "orange_discount",
    "mariinskij",
    "tax_man",
]

STACKS: Final[tuple[StackId, ...]] = ("workers", "buildings", "aristocrats", "trading")
# Each phase is named after the stack it refills from and scores: workers score green, etc.
PHASES: tuple[StackId, ...] = STACKS
PHASE_COLOUR: dict[str, Colour | None] = {
    "workers": "green",
    "buildings": "blue",
    "aristocrats": "orange",
    "trading": None,
}
# The phases that end with a scoring, with the colour each scores, in order.
SCORINGS: tuple[tuple[StackId, Colour], ...] = tuple(
    (phase, colour) for phase in PHASES if (colour := PHASE_COLOUR[phase]) is not None
)
STACK_SIZES: dict[str, int] = {"workers": 31, "buildings": 28, "aristocrats": 27, "trading": 30}

STARTING_MONEY = 25
BOARD_SIZE = 8
HAND_LIMIT = 3
WAREHOUSE_HAND_LIMIT = 4
OLD_CARD_DISCOUNT: Final = 1
MINIMUM_PAYMENT: Final = 1
PUB_POINTS_PER_PUB = 5
PUB_PRICE_PER_POINT = 2
HAND_PENALTY = 5
RUBLES_PER_FINAL_POINT = 10
ARISTOCRAT_KINDS_CAP = 10


class Card(BaseModel):
    """One kind of playing card, as printed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    stack: StackId
    colour: Colour
    en: str
    de: str | None = None
    de_source: str
    ja: str
    ja_source: str
    ja_aliases: tuple[str, ...] = ()
    cost: int
    money: int
    points: int
    copies: int
    numbers: Literal["confirmed", "reconstructed"]
    symbol: str | None = None
    displaces: str | None = None  # green trading cards: the worker key they replace
    displaced_value: int | None = None  # Potjomkin's Village counts 6 when displaced
    ability: Ability | None = None
    note: str | None = None

    @property
    def trading(self) -> bool:
        return self.stack == "trading"

    @property
    def value_when_displaced(self) -> int:
        return self.cost if self.displaced_value is None else self.displaced_value

    def name(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en


def _load() -> dict[str, Card]:
    raw = tomllib.loads(resources.files(__package__).joinpath("cards.toml").read_text("utf-8"))
    cards = {}
    for record in raw["card"]:
        card = Card.model_validate(record)
        if card.key in cards:
            raise ValueError(f"cards.toml: duplicate key {card.key}")
        cards[card.key] = card
    for stack, size in STACK_SIZES.items():
        count = sum(c.copies for c in cards.values() if c.stack == stack)
        if count != size:
            raise ValueError(f"cards.toml: stack {stack} has {count} cards, expected {size}")
    if sum(c.copies for c in cards.values()) != 116:
        raise ValueError("cards.toml: expected 116 playing cards")
    for card in cards.values():
        if card.displaces is not None and cards[card.displaces].stack != "workers":
            raise ValueError(f"cards.toml: {card.key} displaces a non-worker")
        if card.trading != (card.stack == "trading") or (card.stack == "workers") != (
            card.colour == "green" and not card.trading
        ):
            raise ValueError(f"cards.toml: {card.key} has an inconsistent stack and colour")
    return cards


CARDS: dict[str, Card] = _load()

# The card properties the rules read on every move, as plain lookups: a dict or set lookup costs
# a fraction of a model attribute read through a property.
COST: dict[str, int] = {key: card.cost for key, card in CARDS.items()}
COLOUR: dict[str, Colour] = {key: card.colour for key, card in CARDS.items()}
TRADING: frozenset[str] = frozenset(key for key, card in CARDS.items() if card.trading)
DISPLACED_VALUE: dict[str, int] = {key: card.value_when_displaced for key, card in CARDS.items()}
INCOME: dict[str, tuple[int, int]] = {key: (card.money, card.points) for key, card in CARDS.items()}


def _name_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for card in CARDS.values():
        names = (card.key, card.key.replace("_", " "), card.en, card.ja, *card.ja_aliases)
        for name in names:
            index[normalise(name)] = card.key
    return index


_BY_NAME = _name_index()


def card_key(name: str) -> str | None:
    """The key of the card with this name (English, Japanese or key; any case), or None."""
    return _BY_NAME.get(normalise(name))


@cache
def full_deck(stack: str) -> tuple[str, ...]:
    """Every card of a stack, each copy once, in data order."""
    return tuple(c.key for c in CARDS.values() if c.stack == stack for _ in range(c.copies))


def aristocrat_bonus(kinds: int) -> int:
    n = min(kinds, ARISTOCRAT_KINDS_CAP)
    return n * (n + 1) // 2
