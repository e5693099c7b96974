"""The Catan card game on a mutable scratch table, for the search's playouts (`Game.kernel`).

A playout plays dozens of moves whose states nobody keeps. `Kernel` is a `rules.Turn` kept for
the whole playout: the very handlers `rules.apply_move` uses play each move on it, with no event
made and no state built in between, and `rules.legal_moves` lists its moves (a Turn reads as a
`rules.Table`), so legality and effects are defined once. `state()` turns it back into a `State`
(with no events). `tests/games/test_catan_kernel.py` plays seeded games through both, comparing
the moves listed, the state and the greedy AI's choice after every move.

The kernel holds its own copies of the players and changes them in place (`settle` for the
hands, `update` for roads, knights and buildings), where `apply` builds a new frozen player per
change; `state()` hands out players the kernel no longer touches. Only for moves taken from
`legal()`: nothing is checked, since a playout never plays anything else. Everything the
contract promises (refusals, events, immutable states) stays with `apply`.
"""

from __future__ import annotations

import random
from typing import Any

from games.catan import ai, rules
from games.catan.data import CatanData
from games.catan.models import Move, PlayerState, State
from games.fastbuild import build


class Kernel(rules.Turn):
    """One Catan state as a mutable table (see the module docstring)."""

    def __init__(self, state: State, data: CatanData) -> None:
        super().__init__(state, data, record=False)
        self.players[:] = [_own(p) for p in self.players]  # in place: `hands` reads this list

    def settle(self) -> None:
        """`Turn.settle` on the kernel's own player copies: a hand changes in place, where a
        `Turn` builds a new frozen `PlayerState` for it (the most frequent change by far)."""
        hands = self.hands
        if hands:
            people = self.players
            for seat, h in hands.items():
                people[seat].__dict__["hand"] = (h[0], h[1], h[2], h[3], h[4])
            hands.clear()

    def update(self, seat: int, **changes: Any) -> None:
        """`Turn.update` on the kernel's own player copies: changed in place, like `settle`."""
        self.players[seat].__dict__.update(changes)

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
        rules.HANDLERS[move.kind](self, self.actor, move)
        self.settle()

    def state(self) -> State:
        """The state this table stands at, as `apply` would have made it but with no events."""
        assert not self.hands, "play() leaves every hand settled"
        state = self.freeze()
        self.players[:] = [_own(p) for p in self.players]  # the state keeps the ones it holds
        return state

    def copy(self) -> Kernel:
        """An independent table at the same position."""
        return Kernel(self.state(), self.data)


def _own(player: PlayerState) -> PlayerState:
    """A copy of `player` only this kernel holds, so that `settle` may change its hand."""
    return build(PlayerState, player.__dict__.copy())
