"""Sankt Petersburg on a mutable scratch table: the same rules as rules.py/effects.py, for playouts.

A search plays thousands of moves per decision whose states nobody keeps. `Kernel` holds one
state as plain lists and mutates it in place: no model is built per move and no event is made.
It lists the very move objects `rules.legal_moves` lists (the same interned instances, in the
same order) and plays them as `effects.apply_move` does; `state()` turns it back into a `State`
(with no events). `tests/games/test_stpetersburg_kernel.py` plays seeded games through both,
comparing the moves listed, the state and the greedy AI's choice after every move.

Only for moves taken from `legal()`: nothing is checked, since a playout never plays anything
else. Everything the contract promises (refusals, events, immutable states) stays with `apply`.
"""

from __future__ import annotations

import random
from typing import Final

from games.fastbuild import build
from games.stpetersburg import ai
from games.stpetersburg.data import (
    PHASE_COLOUR,
    PHASES,
    PUB_PRICE_PER_POINT,
    STACKS,
    StackId,
)
from games.stpetersburg.effects import pending as new_pending
from games.stpetersburg.models import (
    BoardCard,
    Buy,
    Drawn,
    Move,
    Observe,
    Pass,
    Pending,
    Play,
    PlayerState,
    PubPurchase,
    State,
    Take,
)
from games.stpetersburg.rules import (
    EMPTY,
    NEW_SLOT,
    SLOT_BOARD_CARD,
    SLOT_CARD,
    Holdings,
    Market,
    decisions,
    holdings,
    market,
    slot_of,
    space_slots,
    turn_moves,
)

_NEXT_PHASE: Final = dict(zip(PHASES, (*PHASES[1:], None), strict=True))

# The seats still to decide at the Pub -> the Pending of the first: one shared instance each
# (immutable; few distinct queues), where building one takes thousands of instructions.
_PUB_PENDINGS: Final[dict[tuple[int, ...], Pending]] = {}


def _pub_pending(queue: tuple[int, ...]) -> Pending:
    """The Pub decision of `queue[0]`, the rest of `queue` to decide after it."""
    found = _PUB_PENDINGS.get(queue)
    if found is None:
        found = _PUB_PENDINGS[queue] = new_pending("pub", queue[0], queue=queue[1:])
    return found


class Kernel:
    """One Sankt Petersburg state as mutable lists (see the module docstring)."""

    __slots__ = (
        "board",
        "discard",
        "finished",
        "hands",
        "held",
        "ids",
        "markers",
        "money",
        "moves_played",
        "n",
        "on_board",
        "passes",
        "pending",
        "phase",
        "points",
        "round",
        "source",
        "stacks",
        "turn",
        "used",
    )

    board: list[int]  # the slot (rules.SLOTS) of each space, EMPTY for none
    discard: tuple[str, ...]
    finished: bool
    hands: list[tuple[str, ...]]
    held: list[Holdings]  # each seat's play area worked out (rules.Holdings)
    ids: tuple[str, ...]
    markers: dict[StackId, int]
    money: list[int]
    moves_played: int
    n: int
    on_board: Market | None  # the board's distinct cards; None after a change
    passes: int
    pending: Pending | None
    phase: StackId
    points: list[int]
    round: int
    source: State  # options and dice come from here
    stacks: dict[StackId, tuple[str, ...]]
    turn: int
    used: list[int]

    def __init__(self) -> None:
        """An empty table, filled by `of` or `copy` (a compiled class is made only this way)."""

    @classmethod
    def of(cls, state: State) -> Kernel:
        kernel = cls()
        players = state.players
        kernel.source = state
        kernel.ids = tuple(p.id for p in players)
        kernel.n = len(players)
        kernel.money = [p.money for p in players]
        kernel.points = [p.points for p in players]
        kernel.hands = [p.hand for p in players]
        kernel.held = [holdings(p.area) for p in players]
        kernel.used = [p.observatories_used for p in players]
        kernel.board = space_slots(state.board)
        kernel.on_board = None
        kernel._share(state)
        return kernel

    def copy(self) -> Kernel:
        other = Kernel()
        other.source = self.source
        other.ids = self.ids
        other.n = self.n
        other.money = self.money[:]
        other.points = self.points[:]
        other.hands = self.hands[:]
        other.held = self.held[:]
        other.used = self.used[:]
        other.board = self.board[:]
        other.on_board = self.on_board
        other._share(self)
        return other

    def _share(self, source: State | Kernel) -> None:
        """Take the values a state and a table keep under the same names: immutable ones, or
        (stacks, markers) replaced rather than changed in place, so sharing them is safe."""
        self.stacks = source.stacks
        self.discard = source.discard
        self.round = source.round
        self.phase = source.phase
        self.markers = source.markers
        self.turn = source.turn
        self.passes = source.passes
        self.pending = source.pending
        self.finished = source.finished
        self.moves_played = source.moves_played

    def state(self) -> State:
        """The state this table stands at, as `apply` would have made it but with no events."""
        source = self.source
        players = tuple(
            build(
                PlayerState,
                {
                    "id": self.ids[seat],
                    "money": self.money[seat],
                    "points": self.points[seat],
                    "hand": self.hands[seat],
                    "area": self.held[seat].area,
                    "observatories_used": self.used[seat],
                },
            )
            for seat in range(self.n)
        )
        board: tuple[BoardCard | None, ...] = tuple(
            None if slot == EMPTY else SLOT_BOARD_CARD[slot] for slot in self.board
        )
        return build(
            State,
            {
                "game": source.game,
                "options": source.options,
                "rng": source.rng,
                "players": players,
                "stacks": self.stacks,
                "board": board,
                "discard": self.discard,
                "round": self.round,
                "phase": self.phase,
                "markers": self.markers,
                "turn": self.turn,
                "passes": self.passes,
                "pending": self.pending,
                "finished": self.finished,
                "events": (),
                "moves_played": self.moves_played,
            },
        )

    # ------------------------------------------------------------ who acts, what they may do

    @property
    def actor(self) -> int:
        """The seat to act (-1 once the game is over)."""
        if self.finished:
            return -1
        pending = self.pending
        return self.turn if pending is None else pending.seat

    def legal(self) -> list[Move]:
        """`rules.legal_moves` for the seat to act: the same move objects in the same order."""
        pending = self.pending
        if pending is not None:
            seat = pending.seat
            return decisions(pending, self.held[seat], self.money[seat], len(self.hands[seat]))
        if self.finished:
            return []
        seat = self.turn
        on_board = self.on_board
        if on_board is None:
            on_board = self.on_board = market(self.board)
        return turn_moves(
            self.held[seat],
            self.money[seat],
            self.hands[seat],
            self.used[seat],
            self.phase,
            self.stacks,
            on_board,
        )

    def greedy(self, rng: random.Random) -> Move:
        """The move the greedy AI would choose here, drawing from `rng` exactly as it does."""
        seat = self.actor
        pending = self.pending
        appraisal = ai.Appraisal(
            self.phase,
            self.held[seat].area,
            self.money[seat],
            ai.rounds_left(self.stacks, self.phase, self.n),
            None if pending is None else pending.card,
        )
        return ai.best(appraisal, self.legal(), rng)

    # ------------------------------------------------------------ playing

    def play(self, move: Move) -> None:
        """Play `move`, which must come from `legal()` for this very position."""
        self.moves_played += 1
        kind = type(move)
        if kind is Pass:
            passes = self.passes + 1
            if passes < self.n:
                self.passes = passes
                self.turn = (self.turn + 1) % self.n
            else:
                self.passes = passes
                self._end_action_step()
            return
        pending = self.pending
        seat = self.turn if pending is None else pending.seat
        if kind is Buy or kind is Take:
            # A tuple of classes, checked by exact type, rather than the union `Buy | Take`, which
            # is checked through its generic __instancecheck__.
            assert isinstance(move, (Buy, Take))
            card = move.card
            slot = slot_of(card, move.old)
            board = self.board
            board[board.index(slot)] = EMPTY
            on_board = self.on_board
            # The card's slot leaves the market, unless another space holds it: then its place
            # in the market's order may change, and the market is worked out again when listed.
            if on_board is not None and not any(other == slot for other in board):
                self.on_board = on_board.without(slot)
            else:
                self.on_board = None
            if kind is Take:
                self.hands[seat] += (card,)
            else:
                assert isinstance(move, Buy)
                self._put_into_play(seat, card, move.old, move.target)
        elif kind is Play:
            assert isinstance(move, Play)
            hand = self.hands[seat]
            index = hand.index(move.card)
            self.hands[seat] = hand[:index] + hand[index + 1 :]
            self._put_into_play(seat, move.card, False, move.target)
        elif kind is Observe:
            assert isinstance(move, Observe)
            deck = self.stacks[move.stack]
            self.stacks = {**self.stacks, move.stack: deck[1:]}
            self.used[seat] += 1
            self.pending = new_pending("observatory", seat, card=deck[0], stack=move.stack)
            return  # the same seat decides what to do with the card
        elif kind is Drawn:
            assert isinstance(move, Drawn) and self.pending is not None
            drawn = self.pending.card
            assert drawn is not None
            self.pending = None
            if move.action == "buy":
                self._put_into_play(seat, drawn, False, move.target)
            elif move.action == "take":
                self.hands[seat] += (drawn,)
            else:
                self.discard += (drawn,)
        else:
            assert isinstance(move, PubPurchase) and self.pending is not None
            if move.points:
                self.money[seat] -= PUB_PRICE_PER_POINT * move.points
                self.points[seat] += move.points
            queue = self.pending.queue
            if queue:
                self.pending = _pub_pending(queue)
            else:
                self._after_scoring()
            return
        self.passes = 0
        self.turn = (self.turn + 1) % self.n

    def _put_into_play(self, seat: int, card: str, old: bool, target: str | None) -> None:
        held = self.held[seat]
        self.money[seat] -= held.cost(card, old, target)
        if target is not None:
            self.discard += (target,)
            if target == "observatory" and self.used[seat]:
                self.used[seat] -= 1  # a face-down Observatory is given up first
            self.held[seat] = held.replaced(target, card)
        else:
            self.held[seat] = held.plus(card)

    # ------------------------------------------------------------ the end of a step, a phase, a round

    def _order_from(self, first: int) -> list[int]:
        n = self.n
        return [(first + i) % n for i in range(n)]

    def _end_action_step(self) -> None:
        phase = self.phase
        colour = PHASE_COLOUR[phase]
        if colour is not None:
            for seat in range(self.n):  # in any order: nothing here is narrated
                money, points = self.held[seat].scoring(colour, self.used[seat])
                self.money[seat] += money
                self.points[seat] += points
        if phase == "buildings":
            queue = [
                seat
                for seat in self._order_from(self.markers["buildings"])
                if self.held[seat].pub_limit(self.money[seat]) > 0
            ]
            if queue:
                self.pending = _pub_pending(tuple(queue))
                return
        self._after_scoring()

    def _after_scoring(self) -> None:
        self.pending = None
        following = _NEXT_PHASE[self.phase]
        if following is None:
            self._end_round()
            return
        self._refill(following)
        self._start_phase(following)

    def _start_phase(self, phase: StackId) -> None:
        used = self.used
        for seat in range(self.n):
            used[seat] = 0
        self.phase = phase
        self.turn = self.markers[phase]
        self.passes = 0

    def _refill(self, stack: StackId) -> None:
        deck = self.stacks[stack]
        board = self.board
        dealt = 0
        for space in range(len(board)):  # the gaps fill from the left
            if dealt == len(deck):
                break
            if board[space] == EMPTY:
                board[space] = NEW_SLOT[deck[dealt]]
                dealt += 1
        if dealt:
            stacks = self.stacks = self.stacks.copy()  # shared with copies: replaced, not changed
            stacks[stack] = deck[dealt:]
            self.on_board = None

    def _end_round(self) -> None:
        stacks = self.stacks
        if any(not stacks[stack] for stack in STACKS):
            self.finished = True
            return
        board = self.board
        # Old cards are discarded, new ones grow old (an old card's slot is its new one's + 1).
        self.discard = (
            *self.discard,
            *(SLOT_CARD[slot] for slot in board if slot != EMPTY and slot & 1),
        )
        self.board = [EMPTY if slot == EMPTY or slot & 1 else slot + 1 for slot in board]
        self.on_board = None
        n = self.n
        self.markers = {phase: (seat + 1) % n for phase, seat in self.markers.items()}
        self.round += 1
        self._refill("workers")
        self._start_phase("workers")
