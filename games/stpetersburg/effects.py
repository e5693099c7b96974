"""Sankt Petersburg moves applied: the new state after a legal move, scorings and refills included.

States are built without re-validation (`models.build`/`replace`): every value here comes from a
valid state and a move `rules.is_legal` accepted, and the tests check that each new state equals
its own JSON round trip and that the engine answers a golden record of moves as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.base import Event
from games.fastbuild import build, replace
from games.fastbuild import event as new_event
from games.stpetersburg.data import (
    PHASE_COLOUR,
    PHASES,
    PUB_PRICE_PER_POINT,
    STACKS,
    Colour,
    StackId,
)
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
    BOARD_CARDS,
    board_index,
    cost,
    holdings,
    payout,
    pub_limit,
    remember,
)


def pending(kind: str, seat: int, **values: Any) -> Pending:
    return build(
        Pending,
        {"kind": kind, "seat": seat, "card": None, "stack": None, "queue": (), **values},
    )


@lru_cache(maxsize=256)
def passed(who: str) -> Event:
    """The event of a pass, one shared instance per seat: half of all moves are passes."""
    return new_event("pass", who, None)


class Table:
    """A scratch copy of a State while one move is applied; frozen into a new State at the end.

    Players, board, stacks and discard stay the state's own tuples until a change replaces them,
    so a move pays only for what it changes.
    """

    __slots__ = (
        "board",
        "discard",
        "events",
        "finished",
        "markers",
        "passes",
        "pending",
        "phase",
        "players",
        "public_money",
        "round",
        "stacks",
        "state",
        "turn",
    )

    def __init__(self, state: State) -> None:
        self.state = state
        self.players = state.players
        self.stacks = state.stacks
        self.board = state.board
        self.discard = state.discard
        self.round = state.round
        self.phase: StackId = state.phase
        self.markers = state.markers
        self.turn = state.turn
        self.passes = state.passes
        self.pending = state.pending
        self.finished = state.finished
        self.events: list[Event] = []
        self.public_money = state.options.public_money or len(state.players) == 1

    def freeze(self) -> State:
        state = self.state
        return build(
            State,
            {
                "game": state.game,
                "options": state.options,
                "rng": state.rng,
                "players": self.players,
                "stacks": self.stacks,
                "board": self.board,
                "discard": self.discard,
                "round": self.round,
                "phase": self.phase,
                "markers": self.markers,
                "turn": self.turn,
                "passes": self.passes,
                "pending": self.pending,
                "finished": self.finished,
                "events": tuple(self.events),
                "moves_played": state.moves_played + 1,
            },
        )

    # -- helpers

    def seat_id(self, seat: int) -> str:
        return self.players[seat].id

    def event(self, kind: str, seat: int | None = None, **data: Any) -> None:
        who = None if seat is None else self.players[seat].id
        self.events.append(new_event(kind, who, None, **data))

    def money_event(self, kind: str, seat: int, **data: Any) -> None:
        """A money amount: public when money is public, otherwise only for its owner."""
        who = self.players[seat].id
        self.events.append(new_event(kind, who, None if self.public_money else who, **data))

    def update(self, seat: int, **changes: Any) -> PlayerState:
        player = replace(self.players[seat], **changes)
        players = self.players
        self.players = (*players[:seat], player, *players[seat + 1 :])
        return player

    def discard_cards(self, *cards: str) -> None:
        self.discard = (*self.discard, *cards)

    def order_from(self, first: int) -> list[int]:
        n = len(self.players)
        return [(first + i) % n for i in range(n)]

    def put_into_play(
        self, seat: int, card: str, *, old: bool, target: str | None, how: str
    ) -> None:
        player = self.players[seat]
        price = cost(player, card, old=old, target=target)
        area = list(player.area)
        used = player.observatories_used
        if target is not None:
            area.remove(target)
            self.discard_cards(target)
            if target == "observatory" and used:
                used -= 1  # of two Observatories, the owner gives up a face-down one first
        area.append(card)
        self.update(seat, money=player.money - price, area=tuple(area), observatories_used=used)
        self.event(how, seat, card=card, old=old, target=target)
        self.money_event("paid", seat, amount=price, card=card)

    # -- turn flow

    def end_turn(self, *, passed: bool) -> None:
        self.passes = self.passes + 1 if passed else 0
        if self.passes >= len(self.players):
            self.end_action_step()
        else:
            self.turn = (self.turn + 1) % len(self.players)

    def end_action_step(self) -> None:
        colour = PHASE_COLOUR[self.phase]
        if colour is not None:
            self.score(colour)
        if self.phase == "buildings":
            queue = [
                s
                for s in self.order_from(self.markers["buildings"])
                if pub_limit(self.players[s]) > 0
            ]
            if queue:
                self.pending = pending("pub", queue[0], queue=tuple(queue[1:]))
                return
        self.after_scoring()

    def after_scoring(self) -> None:
        self.pending = None
        if self.phase == "trading":
            self.end_round()
            return
        next_phase = PHASES[PHASES.index(self.phase) + 1]
        self.refill(next_phase)
        self.start_phase(next_phase)

    def start_phase(self, phase: StackId) -> None:
        # The Japanese rulebook turns a used Observatory face up "at the start of the next
        # ラウンド", which in that document means the next phase (see README, rules notes).
        for seat, player in enumerate(self.players):
            if player.observatories_used:
                self.update(seat, observatories_used=0)
        self.phase = phase
        self.turn = self.markers[phase]
        self.passes = 0
        self.event("phase", None, phase=phase, round=self.round, start=self.seat_id(self.turn))

    def refill(self, stack: StackId) -> None:
        deck = self.stacks[stack]
        empty = [index for index, slot in enumerate(self.board) if slot is None]
        count = min(len(empty), len(deck))
        if count:
            dealt = deck[:count]
            self.stacks = {**self.stacks, stack: deck[count:]}
            board = list(self.board)
            for index, card in zip(empty, dealt, strict=False):
                board[index] = BOARD_CARDS[card, False]  # the gaps fill from the left
            self.board = tuple(board)
            self.event("refill", None, stack=stack, cards=list(dealt))
            if not self.stacks[stack]:
                self.event("stack_empty", None, stack=stack)

    def score(self, colour: Colour) -> None:
        phase = self.phase
        players = list(self.players)
        for seat in self.order_from(self.markers[phase]):
            player = players[seat]
            money, points = payout(player, colour)
            if not (money or points):
                continue  # nothing to pay out, nothing to announce
            values = player.__dict__.copy()
            values["money"] = player.money + money
            values["points"] = player.points + points
            players[seat] = build(PlayerState, values)
            who = player.id
            if points:
                self.events.append(score_event(who, phase, points))
            if money:
                self.events.append(
                    income_event(who, None if self.public_money else who, money, phase)
                )
        self.players = tuple(players)

    def end_round(self) -> None:
        if any(not self.stacks[s] for s in STACKS):
            self.finished = True
            self.event("game_end", None, round=self.round)
            return
        old = [slot.card for slot in self.board if slot is not None and slot.old]
        self.discard_cards(*old)
        self.board = tuple(
            None if slot is None or slot.old else BOARD_CARDS[slot.card, True]
            for slot in self.board
        )
        self.event("round_end", None, round=self.round, discarded=old)
        n = len(self.players)
        self.markers = {phase: (seat + 1) % n for phase, seat in self.markers.items()}
        self.round += 1
        self.refill("workers")
        self.start_phase("workers")


# ---------------------------------------------------------------- the common moves, in one step

# Events of the common moves and of scorings, one shared instance per distinct content: events
# are immutable, and a game repeats the same purchases, takes and payments many times. Small
# caches: a full one drops one event per event it adds, so allocations stay level with frees.
_EVENTS_KEPT = 256
buy_event = lru_cache(maxsize=_EVENTS_KEPT)(
    lambda how, who, card, old, target: new_event(how, who, None, card=card, old=old, target=target)
)
take_event = lru_cache(maxsize=_EVENTS_KEPT)(
    lambda who, card, old: new_event("take", who, None, card=card, old=old)
)
paid_event = lru_cache(maxsize=_EVENTS_KEPT)(
    lambda who, private_to, amount, card: new_event(
        "paid", who, private_to, amount=amount, card=card
    )
)
score_event = lru_cache(maxsize=_EVENTS_KEPT)(
    lambda who, phase, points: new_event("score", who, None, phase=phase, points=points)
)
income_event = lru_cache(maxsize=_EVENTS_KEPT)(
    lambda who, private_to, amount, phase: new_event(
        "income", who, private_to, amount=amount, phase=phase
    )
)


def _without_card(
    board: tuple[BoardCard | None, ...], card: str, old: bool
) -> tuple[BoardCard | None, ...]:
    """The board with the first (card, old) taken: its space stays where the card lay."""
    index = board_index(board, card, old)
    return (*board[:index], None, *board[index + 1 :])


def _player(
    player: PlayerState, money: int, hand: tuple[str, ...], area: tuple[str, ...], used: int
) -> PlayerState:
    return build(
        PlayerState,
        {
            "id": player.id,
            "money": money,
            "points": player.points,
            "hand": hand,
            "area": area,
            "observatories_used": used,
        },
    )


def _placed(
    state: State,
    seat: int,
    player: PlayerState,
    hand: tuple[str, ...],
    card: str,
    old: bool,
    target: str | None,
    how: str,
    board: tuple[BoardCard | None, ...],
) -> State:
    """The state after `player` (before the move) puts `card` into play, keeping `hand`."""
    held = holdings(player.area)
    price = held.cost(card, old, target)
    values = state.__dict__.copy()
    used = player.observatories_used
    # The new area's Holdings worked out from this one, and kept for the states to come.
    if target is None:
        held = remember(held.plus(card))
    else:
        held = remember(held.replaced(target, card))
        values["discard"] = (*state.discard, target)
        if target == "observatory" and used:
            used -= 1  # of two Observatories, the owner gives up a face-down one first
    area = held.area
    players = state.players
    who = player.id
    values["players"] = (
        *players[:seat],
        _player(player, player.money - price, hand, area, used),
        *players[seat + 1 :],
    )
    public = state.options.public_money or len(players) == 1
    values["events"] = (
        buy_event(how, who, card, old, target),
        paid_event(who, None if public else who, price, card),
    )
    values["board"] = board
    return _turn_ends(state, values)


def _turn_ends(state: State, values: dict[str, Any]) -> State:
    """A state from `values` after a move that is not a pass: the next seat's turn."""
    values["turn"] = (state.turn + 1) % len(state.players)
    values["passes"] = 0
    values["moves_played"] = state.moves_played + 1
    return build(State, values)


def apply_move(state: State, seat: int, move: Move) -> State:
    """The state after `seat` plays `move`, which the caller has checked is legal."""
    kind = move.kind
    if kind == "pass" and state.passes + 1 < len(state.players):
        # Half of all moves: a pass that does not end the action step only moves the turn on.
        values = state.__dict__.copy()
        values["turn"] = (state.turn + 1) % len(state.players)
        values["passes"] = state.passes + 1
        values["events"] = (passed(state.players[seat].id),)
        values["moves_played"] = state.moves_played + 1
        return build(State, values)
    if kind == "buy":  # never legal while a decision is pending
        assert isinstance(move, Buy)
        player = state.players[seat]
        board = _without_card(state.board, move.card, move.old)
        return _placed(
            state, seat, player, player.hand, move.card, move.old, move.target, "buy", board
        )
    if kind == "play":  # never legal while a decision is pending
        assert isinstance(move, Play)
        player = state.players[seat]
        hand = player.hand
        index = hand.index(move.card)
        hand = (*hand[:index], *hand[index + 1 :])
        return _placed(
            state, seat, player, hand, move.card, False, move.target, "play", state.board
        )
    if kind == "take":  # never legal while a decision is pending
        assert isinstance(move, Take)
        player = state.players[seat]
        values = state.__dict__.copy()
        values["board"] = _without_card(state.board, move.card, move.old)
        players = state.players
        values["players"] = (
            *players[:seat],
            _player(
                player,
                player.money,
                (*player.hand, move.card),
                player.area,
                player.observatories_used,
            ),
            *players[seat + 1 :],
        )
        values["events"] = (take_event(player.id, move.card, move.old),)
        return _turn_ends(state, values)
    table = Table(state)
    if isinstance(move, Pass):
        table.events.append(passed(table.seat_id(seat)))
        table.end_turn(passed=True)
    elif isinstance(move, Observe):
        deck = table.stacks[move.stack]
        table.stacks = {**table.stacks, move.stack: deck[1:]}
        player = table.players[seat]
        # The Observatory turns face down as it is used; a face-down one is still a building
        # that a blue trading card (even the revealed one) may replace.
        table.update(seat, observatories_used=player.observatories_used + 1)
        table.pending = pending("observatory", seat, card=deck[0], stack=move.stack)
        table.event("observe", seat, stack=move.stack, card=deck[0])
    elif isinstance(move, Drawn):
        assert table.pending is not None and table.pending.card is not None
        card = table.pending.card
        table.pending = None
        if move.action == "buy":
            table.put_into_play(seat, card, old=False, target=move.target, how="buy_drawn")
        elif move.action == "take":
            player = table.players[seat]
            table.update(seat, hand=(*player.hand, card))
            table.event("take_drawn", seat, card=card)
        else:
            table.discard_cards(card)
            table.event("discard_drawn", seat, card=card)
        table.end_turn(passed=False)
    elif isinstance(move, PubPurchase):
        assert table.pending is not None
        player = table.players[seat]
        table.event("pub", seat, points=move.points)
        if move.points:
            price = PUB_PRICE_PER_POINT * move.points
            table.update(seat, money=player.money - price, points=player.points + move.points)
            table.money_event("paid", seat, amount=price, card="pub")
        queue = table.pending.queue
        if queue:
            table.pending = pending("pub", queue[0], queue=queue[1:])
        else:
            table.after_scoring()
    return table.freeze()
