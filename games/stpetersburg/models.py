"""Sankt Petersburg state, moves, options and views as frozen pydantic models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from games.adapters import GameOptions, internal, option
from games.base import Event, Frozen, Outcome, Rng

# Re-exported for modules that still import them from here; they live in games.fastbuild.
from games.fastbuild import build as build
from games.fastbuild import replace as replace
from games.stpetersburg.data import BOARD_SIZE, StackId

# ---------------------------------------------------------------- moves


class Buy(Frozen):
    """Buy a card from the board (`old` picks the −1 copy); trading cards name their target."""

    kind: Literal["buy"] = "buy"
    card: str
    old: bool = False
    target: str | None = None


class Take(Frozen):
    """Take a card from the board into hand."""

    kind: Literal["take"] = "take"
    card: str
    old: bool = False


class Play(Frozen):
    """Put a card from hand into play, paying full cost (no old-card discount)."""

    kind: Literal["play"] = "play"
    card: str
    target: str | None = None


class Pass(Frozen):
    kind: Literal["pass"] = "pass"


class Observe(Frozen):
    """Use a face-up Observatory: reveal the top card of a stack (building phase only)."""

    kind: Literal["observe"] = "observe"
    stack: StackId


class Drawn(Frozen):
    """Resolve the card revealed by the Observatory: buy it, take it, or discard it."""

    kind: Literal["drawn"] = "drawn"
    action: Literal["buy", "take", "discard"]
    target: str | None = None


class PubPurchase(Frozen):
    """Buy this many points with the Pub(s) right after the building scoring (0 declines)."""

    kind: Literal["pub"] = "pub"
    points: int


Move = Annotated[
    Buy | Take | Play | Pass | Observe | Drawn | PubPurchase, Field(discriminator="kind")
]
MOVE_TYPES = (Buy, Take, Play, Pass, Observe, Drawn, PubPurchase)


# ---------------------------------------------------------------- options and state


class Options(GameOptions):
    public_money: bool = option(
        False,
        en="Everyone's money is open (otherwise secret until the end)",
        ja="全員の所持金を公開する（通常は終了まで非公開）",
        ja_name="所持金公開",
    )
    # phase id -> seat index holding that phase's start-player marker at the start
    start_markers: dict[StackId, int] | None = internal()
    # stack id -> card names put on top of that stack, in this order
    stack: dict[StackId, tuple[str, ...]] | None = internal()


class BoardCard(Frozen):
    card: str
    old: bool = False


class PlayerState(Frozen):
    id: str
    money: int
    points: int = 0
    hand: tuple[str, ...] = ()
    area: tuple[str, ...] = ()  # play area, in the order the cards came into play
    observatories_used: int = 0  # how many of this player's Observatories are face down


class Pending(Frozen):
    """A decision that must be made before play goes on."""

    kind: Literal["observatory", "pub"]
    seat: int
    card: str | None = None  # observatory: the revealed card
    stack: StackId | None = None  # observatory: where it came from
    queue: tuple[int, ...] = ()  # pub: seats still to decide after this one


class State(Frozen):
    game: Literal["stpetersburg"] = "stpetersburg"
    options: Options
    rng: Rng
    players: tuple[PlayerState, ...]
    stacks: dict[StackId, tuple[str, ...]]  # top of each stack first
    board: tuple[BoardCard | None, ...] = ()  # the 8 market spaces in order; None is empty
    discard: tuple[str, ...] = ()
    round: int = 1
    phase: StackId = "workers"
    markers: dict[StackId, int]  # phase id -> seat index holding its start-player marker
    turn: int = 0  # seat index whose turn it is in the action step
    passes: int = 0  # consecutive passes in this action step
    pending: Pending | None = None
    finished: bool = False
    events: tuple[Event, ...] = ()  # what the last apply did (views filter them)
    moves_played: int = 0

    @field_validator("board")
    @classmethod
    def _all_spaces(cls, board: tuple[BoardCard | None, ...]) -> tuple[BoardCard | None, ...]:
        # States saved before the market kept its spaces listed only the cards, pushed left:
        # the free spaces were the last ones.
        return (*board, *(None,) * (BOARD_SIZE - len(board)))


# ---------------------------------------------------------------- views


class Price(Frozen):
    """What one card would cost the viewer now, with all discounts applied."""

    source: Literal["board", "hand", "drawn"]
    card: str
    old: bool = False
    target: str | None = None
    cost: int
    affordable: bool


class Yield(Frozen):
    """What a player's cards of one colour pay at that colour's next scoring."""

    phase: StackId
    money: int
    points: int


class PlayerView(Frozen):
    id: str
    seat: int
    points: int
    money: int | None  # None when hidden from this viewer
    hand_size: int
    hand: tuple[str, ...] | None  # None when hidden from this viewer
    hand_limit: int
    area: tuple[str, ...]
    observatories_used: int
    markers: tuple[StackId, ...]
    yields: tuple[Yield, ...]
    aristocrat_kinds: int


class View(Frozen):
    game: Literal["stpetersburg"] = "stpetersburg"
    viewer: str | None
    public_money: bool
    round: int
    phase: StackId
    to_act: tuple[str, ...]
    board: tuple[BoardCard | None, ...]  # market spaces; None: empty, the card taken from it
    stack_counts: dict[StackId, int]
    discard_count: int
    players: tuple[PlayerView, ...]
    pending: Pending | None
    last_round: bool  # a stack has run out: this round is the last
    finished: bool
    passes: int
    prices: tuple[Price, ...] = ()  # for the viewer only
    events: tuple[Event, ...] = ()
    outcome: Outcome | None = None
