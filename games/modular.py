"""`ModularGame`: a `Game` whose text, narration, presentation and search methods are its modules'.

Every game splits its engine into the same modules (notation, narration, present, sample,
estimate, ai), and its game class would otherwise repeat the same one-line delegations to them. A game class that subclasses `ModularGame` names those modules as class attributes (or,
where a module needs the game's data, an object set in `__init__`) and gets the delegations:

    class Venedig(ModularGame[State, Move, View, Data]):
        notation_module = notation            # parse_move(text), format_move(move, lang)
        narration_module = narration          # describe_event(event, lang, names)
        present_module = present              # offers(data, view, moves, lang),
                                              # board_text(data, view, lang, names)
        sample_module = sample                # sample_state(data, view, seat, rng)
        estimate_module = estimate            # estimate_scores(data, state)
        ai_module = ai                        # KINDS: the game's own computer players
        position_module = position            # position_text(data, state, sight),
                                              # from_position(data, text), check(data, state)

`data` (an instance attribute) is the game's component data, what `with_data` reads; the module
functions that need it take it first. mypy checks each module against the protocol below. A game
whose function has another shape overrides that method instead, with the signature of `Game`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from pydantic import BaseModel

from games.base import Event, Game, MoveT, StateT, ViewT
from games.position import Sight
from games.search import STRONG_AI

if TYPE_CHECKING:
    from games.adapters import AiKind, Offer

DataT = TypeVar("DataT")
# The protocols' own type variables, with the variance of how each uses them.
_MoveIn = TypeVar("_MoveIn", bound=BaseModel, contravariant=True)
_ViewIn = TypeVar("_ViewIn", bound=BaseModel, contravariant=True)
_StateIn = TypeVar("_StateIn", bound=BaseModel, contravariant=True)
_StateOut = TypeVar("_StateOut", bound=BaseModel, covariant=True)
_DataIn = TypeVar("_DataIn", contravariant=True)


class NotationModule(Protocol[MoveT]):
    """Moves as canonical text (en, ja) and back; `parse_move` raises InvalidMove."""

    def parse_move(self, text: str) -> MoveT: ...

    def format_move(self, move: MoveT, lang: str = "en") -> str: ...


class NarrationModule(Protocol):
    """Events in words; `names` maps seat ids to display names (may be empty)."""

    def describe_event(self, event: Event, lang: str, names: Mapping[str, str]) -> str: ...


class PresentModule(Protocol[_MoveIn, _ViewIn, _DataIn]):
    """What the adapters show: one `Offer` per legal move, and the text board."""

    def offers(
        self, data: _DataIn, view: _ViewIn, moves: Sequence[_MoveIn], lang: str
    ) -> list[Offer]: ...

    def board_text(
        self, data: _DataIn, view: _ViewIn, lang: str, names: Mapping[str, str]
    ) -> str: ...


class SampleModule(Protocol[_StateOut, _ViewIn, _DataIn]):
    """Full states consistent with one seat's view, for the search AI."""

    def sample_state(
        self, data: _DataIn, view: _ViewIn, seat: str, rng: random.Random
    ) -> _StateOut: ...


class EstimateModule(Protocol[_StateIn, _DataIn]):
    """Each seat's final score estimated from an unfinished state, for the search AI."""

    def estimate_scores(self, data: _DataIn, state: _StateIn) -> Mapping[str, float]: ...


class PositionModule(Protocol[StateT, _DataIn]):
    """The state as a position text and back, and the game's invariants."""

    def position_text(self, data: _DataIn, state: StateT, sight: Sight = ...) -> str: ...

    def from_position(self, data: _DataIn, text: str) -> StateT: ...

    def check(self, data: _DataIn, state: StateT) -> list[str]: ...


class AiModule(Protocol):
    """The game's own computer players (random, greedy...), the default first."""

    @property
    def KINDS(self) -> tuple[AiKind, ...]: ...


class ModularGame(Game[StateT, MoveT, ViewT], Generic[StateT, MoveT, ViewT, DataT]):
    """A game whose contract methods below call its modules (see the module docstring)."""

    data: DataT
    notation_module: NotationModule[MoveT]
    narration_module: NarrationModule
    present_module: PresentModule[MoveT, ViewT, DataT]
    sample_module: SampleModule[StateT, ViewT, DataT]
    estimate_module: EstimateModule[StateT, DataT]
    ai_module: AiModule
    position_module: PositionModule[StateT, DataT]

    def parse(self, text: str) -> MoveT:
        return self.notation_module.parse_move(text)

    def format(self, move: MoveT, *, lang: str = "en") -> str:
        return self.notation_module.format_move(move, lang)

    def describe(
        self, event: Event, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return self.narration_module.describe_event(event, lang, names or {})

    def offers(self, view: ViewT, moves: Sequence[MoveT], *, lang: str = "en") -> list[Offer]:
        return self.present_module.offers(self.data, view, moves, lang)

    def board_text(
        self, view: ViewT, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return self.present_module.board_text(self.data, view, lang, names or {})

    def ai_kinds(self) -> tuple[AiKind, ...]:
        """The game's own computer players, then the strong search AI (`sample_state` makes it)."""
        return (*self.ai_module.KINDS, STRONG_AI)

    def sample_state(self, view: ViewT, seat: str, rng: random.Random) -> StateT:
        return self.sample_module.sample_state(self.data, view, seat, rng)

    def evaluate(self, state: StateT) -> Mapping[str, float]:
        return self.estimate_module.estimate_scores(self.data, state)

    def position_text(self, state: StateT) -> str:
        return self.position_module.position_text(self.data, state)

    def view_text(self, state: StateT, viewer: str | None) -> str:
        sight = Sight.of(self.players(state), viewer)
        return self.position_module.position_text(self.data, state, sight)

    def from_position(self, text: str) -> StateT:
        return self.position_module.from_position(self.data, text)

    def check(self, state: StateT) -> list[str]:
        return self.position_module.check(self.data, state)
