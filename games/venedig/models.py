"""Venedig state, moves, options and views as frozen pydantic models."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field

from games.adapters import GameOptions, internal
from games.base import Event, Frozen, Outcome, Rng

# The virtual third player of a 2-player game, as a seat id in events and views.
VIRTUAL = "~virtual"

Phase = Literal["vcasa", "build", "locate", "pause", "limit", "drain", "draw", "final", "over"]

# ---------------------------------------------------------------- moves


class Play(Frozen):
    """Play `count` cards of a type into its group in front of oneself."""

    kind: Literal["play"] = "play"
    type: str
    count: int


class Solo(Frozen):
    """Play exactly the required cards of a type at once and build it at `at` (None: nowhere)."""

    kind: Literal["solo"] = "solo"
    type: str
    at: str | None
    district: str | None = None  # Ponte: the district that scores


class Casa(Frozen):
    """Play one Casa card and build the Casa at `at` (None: no free space, the card is lost)."""

    kind: Literal["casa"] = "casa"
    at: str | None


class Build(Frozen):
    """Resolve a completed group as its builder: place it at `at` (None: no location exists)."""

    kind: Literal["build"] = "build"
    type: str
    at: str | None
    district: str | None = None


class Resolve(Frozen):
    """Have a completed group resolved now; its master builder (another player) places it."""

    kind: Literal["resolve"] = "resolve"
    type: str


class Convert(Frozen):
    """Spend gold tiles of these values for ⌊total ÷ 5⌋ steps."""

    kind: Literal["convert"] = "convert"
    values: tuple[int, ...]


class Done(Frozen):
    """End the current step (building, draining), go on moving, or finish converting."""

    kind: Literal["done"] = "done"


class Keep(Frozen):
    """The two-type limit: keep the cards of these two types, discard the rest."""

    kind: Literal["keep"] = "keep"
    types: tuple[str, ...]


class Drain(Frozen):
    """Take the swamp tile off a space."""

    kind: Literal["drain"] = "drain"
    at: str


class Draw(Frozen):
    """Draw option 1: one card from the deck ("deck") or that type's card from the pool."""

    kind: Literal["draw"] = "draw"
    source: str


class Swap(Frozen):
    """Draw option 2: put a card of `type` into the pool, then take three cards in this order."""

    kind: Literal["swap"] = "swap"
    type: str
    take: tuple[str, ...]


class Place(Frozen):
    """Place the virtual player's Casa on a free space."""

    kind: Literal["place"] = "place"
    at: str


Move = Annotated[
    Play | Solo | Casa | Build | Resolve | Convert | Done | Keep | Drain | Draw | Swap | Place,
    Field(discriminator="kind"),
]
MOVE_TYPES = (Play, Solo, Casa, Build, Resolve, Convert, Done, Keep, Drain, Draw, Swap, Place)


# ---------------------------------------------------------------- options and state


class Options(GameOptions):
    # seat index of the start player (random otherwise)
    start: int | None = internal()
    # each seat's starting hand, by type name (dealt from the deck)
    hands: tuple[tuple[str, ...], ...] | None = internal()
    # type names put on top of the deck after dealing, in this order
    deck: tuple[str, ...] | None = internal()


class PlayerState(Frozen):
    id: str
    hand: tuple[int, ...] = ()  # type indices, sorted
    front: tuple[int, ...] = (0, 0, 0, 0, 0)  # cards in front, per type
    pos: int = 0
    swamp: tuple[int, ...] = ()  # values of drained swamp tiles held, sorted
    treasure: tuple[int, ...] = ()  # values of treasure tiles held, sorted


class Building(Frozen):
    """A piece on the board: its type, spaces, who built it (None: pre-printed or virtual)."""

    type: int
    spaces: tuple[int, ...]
    seat: int | None = None
    district: str | None = None  # a Ponte's scoring district


class FinalMove(Frozen):
    """One player's part of the final conversion."""

    seat: int
    values: tuple[int, ...]
    steps: int
    before: int
    after: int


class State(Frozen):
    game: Literal["venedig"] = "venedig"
    options: Options
    rng: Rng
    players: tuple[PlayerState, ...]
    virtual: tuple[int, ...] | None = None  # the virtual player's cards in front (2 players)
    architects: tuple[int | None, ...] = (None, None, None, None, None)  # holder seat per type
    board: str  # one character per space: '.' swamp, '_' free, digit = type of a piece
    buildings: tuple[Building, ...] = ()
    supply: tuple[int, ...]
    deck: tuple[int, ...]  # top first
    discard: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    swamp_bag: tuple[int, ...]  # the values under the board's swamp tiles, in drain order
    treasure: tuple[int, ...]  # the treasure stock, top first
    turn: int = 0  # the active seat
    phase: Phase = "build"
    drained: int = 0  # swamp tiles drained this turn
    locate: int | None = None  # the type whose builder must choose a location
    movers: tuple[tuple[int, int], ...] = ()  # (seat, steps) still to move in this resolution
    ending: bool = False  # an end trigger has fired
    final: tuple[FinalMove, ...] = ()
    events: tuple[Event, ...] = ()
    moves_played: int = 0

    @property
    def free(self) -> tuple[int, ...]:
        """The board's free spaces, in order (a `rules.Table` keeps its own up to date)."""
        return free_spaces(self.board)

    @property
    def swamps(self) -> tuple[int, ...]:
        """The board's swamp spaces, in order (likewise)."""
        return swamp_spaces(self.board)


FREE = "_"
SWAMP = "."


@lru_cache(maxsize=512)
def free_spaces(board: str) -> tuple[int, ...]:
    return tuple([i for i, c in enumerate(board) if c == FREE])


@lru_cache(maxsize=512)
def swamp_spaces(board: str) -> tuple[int, ...]:
    return tuple([i for i, c in enumerate(board) if c == SWAMP])


# ---------------------------------------------------------------- views


class PlayerView(Frozen):
    id: str
    seat: int
    pos: int
    front: tuple[int, ...]
    hand_size: int
    hand: tuple[int, ...] | None  # None when hidden from this viewer
    swamp_count: int
    treasure_count: int
    swamp: tuple[int, ...] | None  # values: the holder only
    treasure: tuple[int, ...] | None


class View(Frozen):
    game: Literal["venedig"] = "venedig"
    board_id: str  # the board data the spaces refer to (games.venedig.data.BOARDS)
    viewer: str | None
    phase: Phase
    turn: str
    to_act: tuple[str, ...]
    players: tuple[PlayerView, ...]
    virtual: tuple[int, ...] | None
    architects: tuple[str | None, ...]  # holder seat id per type (VIRTUAL for the virtual one)
    board: str
    buildings: tuple[Building, ...]
    supply: tuple[int, ...]
    deck_count: int
    discard: tuple[int, ...]
    pool: tuple[int, ...]
    swamp_left: int
    treasure_left: int
    drained: int
    locate: int | None
    movers: tuple[tuple[int, int], ...]
    ending: bool
    finished: bool
    final: tuple[FinalMove, ...] = ()
    events: tuple[Event, ...] = ()
    outcome: Outcome | None = None
