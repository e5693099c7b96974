"""`race`: a tiny game whose moves' worth is known, to check the review against.

Two seats take turns, three moves each. `take` scores 3 points; `risk` scores 0 or 6 (a draw of
the state's seeded rng), as much on average; `rest` scores nothing: with nothing to gain by it,
a deliberate mistake. Each seat also holds a secret bonus of 0 to 4, counted at the end; the
most points wins. The strong AI's pieces are all here: `sample_state` (the other seat's bonus
and the rng drawn at random), a greedy AI with `ranked`, and `evaluate`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal

from games.adapters import RANDOM_AI, AiKind, GameOptions
from games.base import Event, Frozen, Game, IllegalMove, InvalidMove, Outcome, Rng, rank_standings
from games.search import STRONG_AI

MOVES_EACH = 3
POINTS = {"take": 3, "rest": 0}


class RaceMove(Frozen):
    kind: Literal["take", "risk", "rest"]


class RaceState(Frozen):
    seats: tuple[str, ...]
    rng: Rng
    points: dict[str, int]
    bonus: dict[str, int]
    made: int = 0
    events: tuple[Event, ...] = ()


class RaceView(Frozen):
    viewer: str | None
    points: dict[str, int]
    bonus: dict[str, int | None]
    made: int
    events: tuple[Event, ...] = ()


class Steady:
    """Greedy: takes its 3 points; ranks take, risk, rest."""

    def ranked(self, game: Any, state: RaceState, seat: str, rng: random.Random) -> list[Any]:
        return [RaceMove(kind="take"), RaceMove(kind="risk"), RaceMove(kind="rest")]

    def choose(self, game: Any, state: RaceState, seat: str, rng: random.Random) -> Any:
        return self.ranked(game, state, seat, rng)[0]


class Race(Game[RaceState, RaceMove, RaceView]):
    id = "race"
    names: ClassVar[dict[str, str]] = {"en": "Race", "ja": "レース"}
    min_players = 2
    max_players = 2
    state_type = RaceState
    move_types = (RaceMove,)
    options_type = GameOptions

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (AiKind("greedy", {"en": "takes", "ja": "取る"}, Steady), RANDOM_AI, STRONG_AI)

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> RaceState:
        rng = Rng(seed=seed)
        bonus = {}
        for seat in players:
            rng, bonus[seat] = rng.randrange(5)
        return RaceState(seats=tuple(players), rng=rng, points={p: 0 for p in players}, bonus=bonus)

    def players(self, state: RaceState) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: RaceState) -> frozenset[str]:
        if state.made >= MOVES_EACH * len(state.seats):
            return frozenset()
        return frozenset((state.seats[state.made % len(state.seats)],))

    def legal_moves(self, state: RaceState, player: str) -> list[RaceMove]:
        if player not in self.to_act(state):
            return []
        return [RaceMove(kind="take"), RaceMove(kind="risk"), RaceMove(kind="rest")]

    def apply(self, state: RaceState, player: str, move: RaceMove) -> RaceState:
        self.check_turn(state, player)
        if move not in self.legal_moves(state, player):
            raise IllegalMove("Not now.")
        rng = state.rng
        if move.kind == "risk":
            rng, coin = rng.randrange(2)
            gained = 6 * coin
        else:
            gained = POINTS[move.kind]
        points = {**state.points, player: state.points[player] + gained}
        return state.model_copy(update={"rng": rng, "points": points, "made": state.made + 1})

    def parse(self, text: str) -> RaceMove:
        if text.strip() not in ("take", "risk", "rest"):
            raise InvalidMove(f"Not a race move: {text!r}")
        return RaceMove(kind=text.strip())  # type: ignore[arg-type]

    def format(self, move: RaceMove, *, lang: str = "en") -> str:
        return move.kind

    def view(self, state: RaceState, viewer: str | None) -> RaceView:
        return RaceView(
            viewer=viewer,
            points=state.points,
            bonus={p: (b if p == viewer else None) for p, b in state.bonus.items()},
            made=state.made,
        )

    def outcome(self, state: RaceState) -> Outcome | None:
        if self.to_act(state):
            return None
        entries = [(p, state.points[p] + state.bonus[p], (), {}) for p in state.seats]
        return Outcome(standings=rank_standings(entries))

    def describe(
        self, event: Event, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return event.kind

    def board_text(
        self, view: RaceView, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return str(view.points)

    def sample_state(self, view: RaceView, seat: str, rng: random.Random) -> RaceState:
        bonus = {p: (b if b is not None else rng.randrange(5)) for p, b in view.bonus.items()}
        return RaceState(
            seats=tuple(view.points),
            rng=Rng(seed=rng.randrange(2**32)),
            points=view.points,
            bonus=bonus,
            made=view.made,
        )

    def evaluate(self, state: RaceState) -> Mapping[str, float]:
        seats = len(state.seats)
        left = {
            p: MOVES_EACH - (state.made + seats - 1 - i) // seats for i, p in enumerate(state.seats)
        }
        return {p: state.points[p] + state.bonus[p] + 3 * left[p] for p in state.seats}


RACE = Race()
