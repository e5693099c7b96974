"""Catherine state, moves, options and views as frozen pydantic models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.adapters import GameOptions, internal
from games.base import Event, Frozen, Outcome, Rng

Phase = Literal["setup", "place", "activate", "books", "over"]
# What a seat still owes in a phase where every seat acts at once.
Todo = Literal["", "action", "bonus", "books"]

# ---------------------------------------------------------------- moves


class Keep(Frozen):
    """Setup: the 3 cards of the starting hand that form the action row (secret until all chose)."""

    kind: Literal["keep"] = "keep"
    cards: tuple[str, ...]


class Row(Frozen):
    """Phase B, first card: `card` goes to the end of the action row (secret until all placed)."""

    kind: Literal["row"] = "row"
    card: str


class Place(Frozen):
    """Phase B, second card: `act` goes under the action-row card `under` (which may be the card
    just put at the end of the row); secret until all placed."""

    kind: Literal["place"] = "place"
    act: str
    under: str


class Decline(Frozen):
    """Phase D: leave the action and take the compensation draw instead."""

    kind: Literal["decline"] = "decline"


class Execute(Frozen):
    """Phase D: run an action that needs no choice (VP, draws, VP per book or per goods set)."""

    kind: Literal["execute"] = "execute"


class Market(Frozen):
    """Phase D: a market, drawing this many of the cards it allows."""

    kind: Literal["market"] = "market"
    count: int


class Discard(Frozen):
    """Phase D: a discarding action (3 cards for 10 VP; 1 card per +2 favour)."""

    kind: Literal["discard"] = "discard"
    cards: tuple[str, ...]


class Build(Frozen):
    """Phase D or the book scoring: a house in `city`, discarding `cards` where the card asks."""

    kind: Literal["build"] = "build"
    city: str
    cards: tuple[str, ...] = ()


class Bonus(Frozen):
    """Phase D after the action: take the card's bonus, discarding `cards` where it costs cards."""

    kind: Literal["bonus"] = "bonus"
    cards: tuple[str, ...] = ()


class Pass(Frozen):
    """Leave the bonus, or the book scoring's house."""

    kind: Literal["pass"] = "pass"


Move = Annotated[
    Keep | Row | Place | Decline | Execute | Market | Discard | Build | Bonus | Pass,
    Field(discriminator="kind"),
]
MOVE_TYPES = (Keep, Row, Place, Decline, Execute, Market, Discard, Build, Bonus, Pass)


# ---------------------------------------------------------------- options and state


class Options(GameOptions):
    # Test positions: plan card ids dealt first (seat by seat, 6 each), then drawn in this order.
    stack: tuple[str, ...] | None = internal()
    # Test positions: an order card id per seat.
    orders: tuple[str, ...] | None = internal()


class PlayerState(Frozen):
    id: str
    hand: tuple[str, ...] = ()
    row: tuple[str, ...] = ()  # the action row, left to right
    below: tuple[str, ...] = ()  # the activation row: the card under each row card, or ""
    houses: tuple[str, ...] = ()  # city ids, in building order
    tiles: tuple[int, ...] = (0, 0, 0, 0)  # goods tiles per kind (data.GOODS order)
    jokers: int = 0
    favour: int = 0
    vp: int = 0
    order: str = ""
    # Secret until everyone chose: setup (the 3 row cards) or phase B (the row card, then the
    # activation card) with `slot`, the action-row position (after the row card is added) that
    # the activation card goes under.
    chosen: tuple[str, ...] = ()
    slot: int = -1
    todo: Todo = ""
    active: str = ""  # the action-row card being activated this round
    discarded: tuple[str, ...] = ()  # the cards this activation's action discarded
    breakdown: dict[str, int] = Field(default_factory=dict)  # the final scoring, once made


class State(Frozen):
    game: Literal["catherine"] = "catherine"
    options: Options
    rng: Rng
    players: tuple[PlayerState, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    city_tiles: dict[str, int] = Field(default_factory=dict)  # goods tiles left per goods city
    jokers: int = 0  # joker tiles left in the supply
    phase: Phase = "setup"
    round: int = 0  # 1–12 once play starts
    events: tuple[Event, ...] = ()  # what the last apply did (views filter them)
    moves_played: int = 0


# ---------------------------------------------------------------- views


class PlayerView(Frozen):
    id: str
    seat: int
    vp: int
    favour: int
    hand_limit: int
    interim_vp: int  # what the favour position pays at an interim scoring
    multiplier: int
    hand_size: int
    hand: tuple[str, ...] | None  # None when hidden from this viewer
    row: tuple[str, ...]
    below: tuple[str, ...]
    houses: tuple[str, ...]
    supply: int
    tiles: tuple[int, ...]
    jokers: int
    order: str
    own: tuple[int, ...]  # goods, cannons and books owned (data.KINDS order)
    network: int  # the largest group of connected houses
    placed: bool  # has made this phase's secret choice
    chosen: tuple[str, ...] | None  # the secret choice, for its own seat only
    slot: int | None
    todo: Todo
    active: str
    breakdown: dict[str, int]
    discarded: tuple[str, ...] = ()  # what this activation's action discarded (told publicly)


class View(Frozen):
    game: Literal["catherine"] = "catherine"
    viewer: str | None
    phase: Phase
    round: int
    decade: int
    to_act: tuple[str, ...]
    players: tuple[PlayerView, ...]
    deck_count: int
    discard_count: int
    city_tiles: dict[str, int]
    jokers: int
    finished: bool
    events: tuple[Event, ...] = ()
    outcome: Outcome | None = None
