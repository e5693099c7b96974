"""Catherine on a mutable scratch table, for the search's playouts (`Game.kernel`).

A playout plays dozens of moves whose states nobody keeps. `Kernel` is a `rules.Table` kept for
the whole playout: `rules.play`, the very code `rules.apply_move` runs, plays each move on it,
with no event made and no state built in between, and `rules.seat_moves` (what `legal_moves`
asks) lists a seat's moves from its `rules.Seat`, so legality and effects are defined once.
`state()` turns it back into a `State` (with no events). `tests/games/test_kernels.py` plays
seeded games through both, comparing the moves listed, the state and the greedy AI's choice
after every move.

Simultaneous choices are played one seat at a time, the first in seat order first, as the
search does. Only for moves taken from `legal()`: nothing is checked.
"""

from __future__ import annotations

import random

from games.catherine import ai, rules
from games.catherine.data import Data
from games.catherine.models import Move, State


class Kernel(rules.Table):
    """One Catherine state as a mutable table (see the module docstring)."""

    def __init__(self, state: State, data: Data) -> None:
        super().__init__(data, state, record=False)
        self.all = self.seats  # every seat copied once: a playout touches them all
        self.finished = state.phase == "over"

    @property
    def actor(self) -> int:
        """The first seat (in seat order) with a decision to make; -1 once the game is over."""
        phase = self.phase
        for s in self.all:
            if phase == "setup":
                if not s.chosen:
                    return s.index
            elif phase == "place":
                if len(s.chosen) < 2:
                    return s.index
            elif phase != "over" and s.todo:
                return s.index
        return -1

    def legal(self) -> list[Move]:
        """`rules.legal_moves` for the seat to act: the same moves in the same order."""
        seat = self.actor
        return [] if seat < 0 else rules.seat_moves(self.data, self.phase, self.all[seat])

    def greedy(self, rng: random.Random) -> Move:
        """The move the greedy AI would choose here, drawing from `rng` exactly as it does."""
        seat = self.actor
        p = self.all[seat]
        moves = rules.seat_moves(self.data, self.phase, p)
        scored = ai.scored_moves(
            self.data, moves, p, self.round, rng, lambda m: self.after(seat, m)
        )
        return max(scored, key=lambda e: (e[0], e[1]))[2]

    def after(self, seat: int, move: Move) -> rules.Seat:
        """Seat `seat` once `move` is played, on a scratch copy of this table (the greedy AI's
        lookahead, without building a state per move weighed)."""
        table = self.scratch()
        rules.play(table, table.seat(seat), move)
        return table.seat(seat)

    def play(self, move: Move) -> None:
        """Play `move`, which must come from `legal()` for this very position."""
        rules.play(self, self.all[self.actor], move)
        self.finished = self.phase == "over"

    def state(self) -> State:
        """The state this table stands at, as `apply` would have made it but with no events."""
        return self.freeze()

    def copy(self) -> Kernel:
        """An independent table at the same position."""
        return Kernel(self.state(), self.data)
