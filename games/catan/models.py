"""Catan card game state, moves, options and views as frozen pydantic models.

Resource cards in a hand are counts in `data.RESOURCES` order (clay, wood, ore, wool, grain).
Road and knight rows are counts: a row reads A, B, A, … so its count says everything.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.adapters import GameOptions, internal
from games.base import Event, Frozen, Outcome, Rng
from games.catan.data import Resource

Counts = tuple[int, int, int, int, int]
CityEvent = Literal["robber", "market_day"]

# ---------------------------------------------------------------- moves


class PileSwap(Frozen):
    """Exchange with the draw pile: a hand card onto the discard pile, the top card into hand."""

    kind: Literal["pile"] = "pile"
    give: Resource


class MarketSwap(Frozen):
    """Exchange with the market: take a market card, then put a hand card in its place."""

    kind: Literal["market"] = "market"
    give: Resource
    take: Resource


class Trade(Frozen):
    """Exchange with a player: take a card at random from their hand (a return is then owed)."""

    kind: Literal["trade"] = "trade"
    target: str


class Look(Frozen):
    """Bibliothek: exchange with a player, looking at their hand to choose the card."""

    kind: Literal["look"] = "look"
    target: str


class Pick(Frozen):
    """Bibliothek: the card chosen from the hand looked at."""

    kind: Literal["pick"] = "pick"
    card: Resource


class Return(Frozen):
    """Give a card back to a player a card was taken from this phase."""

    kind: Literal["return"] = "return"
    card: Resource
    target: str


class Guild(Frozen):
    """Händlergilde: take a random card from a player with at least the owner's VP."""

    kind: Literal["guild"] = "guild"
    target: str


class EndExchange(Frozen):
    """End the exchange phase (no return may be owed)."""

    kind: Literal["end"] = "end"


class Build(Frozen):
    """Build one thing, paying exactly `pay` (counts per resource, 3-for-1 and Universität
    substitutions included). `what` is road, knight, settlement, city, or an expansion's name."""

    kind: Literal["build"] = "build"
    what: str
    pay: Counts


class Discard(Frozen):
    """Robber raid: discard one card (repeated until the hand holds 7)."""

    kind: Literal["discard"] = "discard"
    card: Resource


class Draw(Frozen):
    """Draw phase: draw this many cards (2, plus up to one per side-A knight), ending the turn."""

    kind: Literal["draw"] = "draw"
    count: int


Move = Annotated[
    PileSwap
    | MarketSwap
    | Trade
    | Look
    | Pick
    | Return
    | Guild
    | EndExchange
    | Build
    | Discard
    | Draw,
    Field(discriminator="kind"),
]
MOVE_TYPES = (
    PileSwap,
    MarketSwap,
    Trade,
    Look,
    Pick,
    Return,
    Guild,
    EndExchange,
    Build,
    Discard,
    Draw,
)

# ---------------------------------------------------------------- options and state


class Options(GameOptions):
    # Set positions for tests: the start seat, and cards put on top of the draw pile in order.
    start: int | None = internal()
    # A safety stop the rules do not have: computer players can starve each other of cards for
    # ever (every card in one hand, nothing left to build). After this many rounds the game ends
    # and the most VP win; human games never come near it.
    round_limit: int = internal(150)
    stack: dict[Literal["draw", "settlements"], tuple[str, ...]] | None = internal()


class Building(Frozen):
    """A settlement/city card in front of a player; `event` is hidden while it is a settlement."""

    event: CityEvent
    city: bool = False
    expansion: str | None = None  # card id of the expansion on this city


class PlayerState(Frozen):
    id: str
    hand: Counts
    roads: int = 1
    knights: int = 0
    buildings: tuple[Building, ...] = ()


class Pending(Frozen):
    """A decision that must be made before play goes on."""

    kind: Literal["library", "discard"]
    seat: int  # who decides
    target: int | None = None  # library: whose hand is looked at
    queue: tuple[int, ...] = ()  # discard: seats still to discard after this one


class State(Frozen):
    game: Literal["catan"] = "catan"
    options: Options
    rng: Rng
    players: tuple[PlayerState, ...]
    draw_pile: tuple[Resource, ...]  # top first
    market: tuple[Resource, ...]
    discard: tuple[Resource, ...]  # bottom first: the last card is on top
    road_stack: int
    knight_stack: int
    settlement_stack: tuple[CityEvent, ...]  # top first; nobody may see these
    expansions: tuple[str, ...]  # card ids still in the open expansion stack
    white_up: bool = True
    turn: int = 0  # the active seat
    phase: Literal["exchange", "build"] = "exchange"
    allowance: int = 0  # exchanges allowed this turn, fixed at the start of the phase
    exchanges: int = 0  # exchanges made this turn
    owed: tuple[int, ...] = ()  # per seat: cards still to be returned to it this phase
    built: tuple[str, ...] = ()  # build kinds used this turn
    guild_used: bool = False
    library_used: bool = False
    university_used: bool = False
    pending: Pending | None = None
    finished: bool = False
    winner: int | None = None  # the seat that reached the VP goal
    turns: int = 1
    events: tuple[Event, ...] = ()


# ---------------------------------------------------------------- views


class BuildingView(Frozen):
    city: bool
    event: CityEvent | None  # None while it is a settlement: the back is hidden from everyone
    expansion: str | None = None


class PlayerView(Frozen):
    id: str
    seat: int
    vp: int
    hand_size: int
    hand: Counts | None  # only in the owner's view
    roads: int
    knights: int
    allowance: int  # side-A roads
    draw_count: int  # 2 + side-A knights
    buildings: tuple[BuildingView, ...]
    owed: int  # cards the active player must still give back to this player


class View(Frozen):
    game: Literal["catan"] = "catan"
    viewer: str | None
    active: str
    phase: Literal["exchange", "build"]
    to_act: tuple[str, ...]
    turns: int
    players: tuple[PlayerView, ...]
    market: tuple[Resource, ...]
    draw_count: int
    discard: tuple[Resource, ...]
    road_stack: int
    knight_stack: int
    settlement_stack: int
    expansions: tuple[str, ...]
    white_up: bool
    clockwise: bool
    allowance: int
    exchanges: int
    built: tuple[str, ...]
    guild_used: bool
    library_used: bool
    university_used: bool
    pending: Pending | None
    looked_at: Counts | None = None  # Bibliothek: the hand the viewer is looking at
    finished: bool
    events: tuple[Event, ...] = ()
    outcome: Outcome | None = None
