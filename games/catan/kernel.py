"""The Catan card game on a mutable scratch table, for the search's playouts (`Game.kernel`).

A playout plays dozens of moves whose states nobody keeps. `Kernel` is a `rules.Turn` kept for
the whole playout: the very handlers `rules.apply_move` uses (`rules.play`) play each move on
it, with no event made and no state built in between, and `rules.legal_moves` lists its moves
(a Turn reads as a `rules.Table`), so legality and effects are defined once. `state()` turns it back into a `State`
(with no events). `tests/games/test_kernels.py` plays seeded games through both, comparing the
moves listed, the state and the greedy AI's choice after every move.

The kernel holds its own players, `rules.Seat`s (a native class once compiled, read directly
where a `PlayerState` costs pydantic's `__getattr__` hook), and changes them in place (`settle`
for the hands, `update` for roads, knights and buildings), where `apply` builds a new frozen
player per change; `state()` hands out frozen copies. Only for moves taken from
`legal()`: nothing is checked, since a playout never plays anything else. Everything the
contract promises (refusals, events, immutable states) stays with `apply`.
"""

from __future__ import annotations

import random
from typing import Any, cast

from games.catan import ai, rules
from games.catan.data import CatanData
from games.catan.models import Move, State


class Kernel(rules.Turn):
    """One Catan state as a mutable table (see the module docstring)."""

    def __init__(self, state: State, data: CatanData) -> None:
        super().__init__(state, data, record=False)
        self.players = [rules.Seat(p) for p in state.players]

    def settle(self) -> None:
        """`Turn.settle` on the kernel's own seats: a hand changes in place, where a `Turn`
        builds a new frozen `PlayerState` for it (the most frequent change by far)."""
        hands = self.hands
        if hands:
            people = self.players
            for seat, h in hands.items():
                cast(rules.Seat, people[seat]).hand = (h[0], h[1], h[2], h[3], h[4])
            hands.clear()

    def update(self, seat: int, **changes: Any) -> None:
        """`Turn.update` on the kernel's own seats: changed in place, like `settle`."""
        player = self.players[seat]
        for name, value in changes.items():
            setattr(player, name, value)

    @property
    def actor(self) -> int:
        """The seat to act (-1 once the game is over)."""
        if self.finished:
            return -1
        pending = self.pending
        return self.turn if pending is None else pending.seat

    def legal(self) -> list[Move]:
        """`rules.legal_moves` for the seat to act: the same move objects in the same order."""
        if self.finished:
            return []
        return rules.legal_moves(self, self.actor, self.data)

    def greedy(self, rng: random.Random) -> Move:
        """The move the greedy AI would choose here (it draws nothing from `rng`)."""
        seat = self.actor
        return ai.greedy_choice(rules.legal_moves(self, seat, self.data), self, seat, self.data)

    def play(self, move: Move) -> None:
        """Play `move`, which must come from `legal()` for this very position."""
        rules.play(self, self.actor, move)
        self.settle()

    def state(self) -> State:
        """The state this table stands at, as `apply` would have made it but with no events."""
        assert not self.hands, "play() leaves every hand settled"
        return self.freeze()  # frozen copies of the seats: the kernel keeps changing its own

    def copy(self) -> Kernel:
        """An independent table at the same position."""
        return Kernel(self.state(), self.data)
