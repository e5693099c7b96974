"""Venedig on a mutable scratch table, for the search's playouts (`Game.kernel`).

A playout plays dozens of moves whose states nobody keeps. `Kernel` is a `rules.Table` kept for
the whole playout: `rules.play`, the very code `rules.apply_move` runs, plays each move on it,
with no event made and no state built in between; `legal.legal_moves` lists its moves (a table
reads as a state) and `ai.greedy_choice` is the greedy AI's choice, so legality, effects and
the greedy AI are defined once. `state()` turns it back into a `State` (with no events).
`tests/games/test_kernels.py` plays seeded games through both, comparing the moves listed, the
state and the greedy AI's choice after every move.

Only for moves taken from `legal()`: nothing is checked, since a playout never plays anything
else. Everything the contract promises (refusals, events, immutable states) stays with `apply`.
"""

from __future__ import annotations

import random

from games.venedig import ai, legal, rules
from games.venedig.catalog import Catalog
from games.venedig.core import actor
from games.venedig.models import Move, State


class Kernel(rules.Table):
    """One Venedig state as a mutable table (see the module docstring)."""

    def __init__(self, state: State, cat: Catalog) -> None:
        super().__init__(state, cat, record=False)
        self.finished = state.phase == "over"
        # The seat to act, found once per move (after it is played), not by each of legal(),
        # greedy() and play() again: only play() changes the table.
        self.acting = actor(self)

    def legal(self) -> list[Move]:
        """`legal.legal_moves` for the seat to act: the same moves in the same order."""
        seat = self.acting
        return [] if seat is None else legal.moves_of(self, self.cat, seat)

    def greedy(self, rng: random.Random) -> Move:
        """The move the greedy AI would choose here, drawing from `rng` exactly as it does."""
        seat = self.acting
        assert seat is not None
        return ai.greedy_choice(self, self.cat, seat, legal.moves_of(self, self.cat, seat), rng)

    def play(self, move: Move) -> None:
        """Play `move`, which must come from `legal()` for this very position."""
        seat = self.acting
        assert seat is not None
        rules.play(self, seat, move)
        self.finished = self.phase == "over"
        self.acting = actor(self)

    def state(self) -> State:
        """The state this table stands at, as `apply` would have made it but with no events."""
        return self.freeze()

    def copy(self) -> Kernel:
        """An independent table at the same position."""
        return Kernel(self.state(), self.cat)
