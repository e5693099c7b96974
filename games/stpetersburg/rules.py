"""Sankt Petersburg rules: costs, targets, legal moves, and the effect of each move on the state."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from games.base import Event, IllegalMove
from games.stpetersburg.data import (
    CARDS,
    HAND_LIMIT,
    MINIMUM_PAYMENT,
    OLD_CARD_DISCOUNT,
    PHASE_COLOUR,
    PHASES,
    PUB_POINTS_PER_PUB,
    PUB_PRICE_PER_POINT,
    STACKS,
    WAREHOUSE_HAND_LIMIT,
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

# ---------------------------------------------------------------- costs and targets

# The green trading card that makes every card of a colour 1 ruble cheaper for its owner.
COLOUR_DISCOUNTERS = {"blue": "carpenter_workshop", "orange": "gold_smelter"}


def cost(
    player: PlayerState, card_key: str, *, old: bool = False, target: str | None = None
) -> int:
    """What `player` pays to put `card_key` into play (digest §1.6); never below 1 ruble."""
    card = CARDS[card_key]
    price = card.cost - player.area.count(card_key)
    if old:
        price -= OLD_CARD_DISCOUNT
    if target is not None:
        price -= CARDS[target].value_when_displaced
    colour_discounter = COLOUR_DISCOUNTERS.get(card.colour)
    if colour_discounter is not None and colour_discounter in player.area:
        price -= 1
    return max(MINIMUM_PAYMENT, price)


def hand_limit(player: PlayerState) -> int:
    return WAREHOUSE_HAND_LIMIT if "warehouse" in player.area else HAND_LIMIT


def face_up_observatories(player: PlayerState) -> int:
    return player.area.count("observatory") - player.observatories_used


def targets(player: PlayerState, card_key: str) -> tuple[str, ...]:
    """The distinct cards in `player`'s area that the trading card `card_key` may displace."""
    card = CARDS[card_key]
    found: list[str] = []
    for key in player.area:
        if key in found:
            continue
        other = CARDS[key]
        if other.trading or other.colour != card.colour:
            continue
        if card.displaces is not None and key not in (card.displaces, "czar_and_carpenter"):
            continue
        found.append(key)
    return tuple(found)


def payout(player: PlayerState, colour: str) -> tuple[int, int]:
    """(rubles, points) the player's cards of `colour` pay at that colour's scoring (§1.9)."""
    money = points = 0
    for key in player.area:
        card = CARDS[key]
        if card.colour == colour:
            money += card.money
            points += card.points
    if colour == "blue":
        points -= player.observatories_used  # a used Observatory scores nothing
        if "mariinskij_theater" in player.area:
            money += sum(CARDS[k].colour == "orange" for k in player.area)
    elif colour == "orange" and "tax_man" in player.area:
        money += sum(CARDS[k].colour == "green" for k in player.area)
    return money, points


def aristocrat_kinds(player: PlayerState) -> set[str]:
    """The distinct orange cards (aristocrats and orange trading cards) in the play area."""
    return {key for key in player.area if CARDS[key].colour == "orange"}


def pub_limit(player: PlayerState) -> int:
    return min(PUB_POINTS_PER_PUB * player.area.count("pub"), player.money // PUB_PRICE_PER_POINT)


# ---------------------------------------------------------------- interned moves

# Moves are immutable, so each distinct move is built once; this keeps legal_moves cheap.
buy_move = cache(lambda card, old, target: Buy(card=card, old=old, target=target))
take_move = cache(lambda card, old: Take(card=card, old=old))
play_move = cache(lambda card, target: Play(card=card, target=target))
observe_move = cache(lambda stack: Observe(stack=stack))
drawn_move = cache(lambda action, target: Drawn(action=action, target=target))
pub_move = cache(lambda points: PubPurchase(points=points))
PASS = Pass()


def placements(player: PlayerState, card: str, old: bool) -> list[tuple[str | None, int]]:
    """(target, cost) for every way `player` could put `card` into play now."""
    if CARDS[card].trading:
        return [(t, cost(player, card, old=old, target=t)) for t in targets(player, card)]
    return [(None, cost(player, card, old=old))]


# ---------------------------------------------------------------- legal moves


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every legal move of the seat, in a fixed order: the single definition of legality."""
    player = state.players[seat]
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return []
        if pending.kind == "pub":
            return [pub_move(n) for n in range(pub_limit(player) + 1)]
        assert pending.card is not None
        drawn: list[Move] = [
            drawn_move("buy", target)
            for target, price in placements(player, pending.card, False)
            if price <= player.money
        ]
        if len(player.hand) < hand_limit(player):
            drawn.append(drawn_move("take", None))
        drawn.append(drawn_move("discard", None))
        return drawn
    if state.finished or state.turn != seat:
        return []
    moves: list[Move] = []
    on_board = seen_in_order(state.board)
    for card, old in on_board:
        for target, price in placements(player, card, old):
            if price <= player.money:
                moves.append(buy_move(card, old, target))
    if len(player.hand) < hand_limit(player):
        moves.extend(take_move(card, old) for card, old in on_board)
    for card in dict.fromkeys(player.hand):
        for target, price in placements(player, card, False):
            if price <= player.money:
                moves.append(play_move(card, target))
    if state.phase == "buildings" and face_up_observatories(player) > 0:
        moves.extend(observe_move(stack) for stack in STACKS if len(state.stacks[stack]) >= 2)
    moves.append(PASS)
    return moves


def seen_in_order(board: Sequence[BoardCard | None]) -> list[tuple[str, bool]]:
    return list(dict.fromkeys((slot.card, slot.old) for slot in board if slot is not None))


# ---------------------------------------------------------------- explanations


def _name(card: str) -> tuple[str, str]:
    return CARDS[card].en, CARDS[card].ja


def explain(state: State, seat: int, move: Move) -> IllegalMove:
    """Why a move that is not in legal_moves is refused, in words a player understands."""
    player = state.players[seat]
    pending = state.pending
    if pending is not None and not isinstance(move, (Drawn, PubPurchase)):
        if pending.kind == "pub":
            return IllegalMove(
                "First decide how many points to buy at the Pub (e.g. `pub 2`).",
                "先に酒場で買う得点を決めてください（例: `酒場 2`）。",
            )
        return IllegalMove(
            "First buy, take or discard the card the Observatory revealed.",
            "先に天文台で公開したカードを購入・手札・捨てるのどれかにしてください。",
        )
    if isinstance(move, PubPurchase):
        if pending is None or pending.kind != "pub":
            return IllegalMove(
                "There is no Pub purchase to make now.", "今は酒場で得点を買えません。"
            )
        limit = pub_limit(player)
        return IllegalMove(
            f"You can buy between 0 and {limit} points now.", f"今買えるのは0〜{limit}点です。"
        )
    if isinstance(move, Drawn):
        if pending is None or pending.kind != "observatory" or pending.card is None:
            return IllegalMove(
                "No card has been revealed with an Observatory.",
                "天文台で公開したカードはありません。",
            )
        if move.action == "take":
            return _hand_full(player)
        return _placement_problem(player, pending.card, False, move.target)
    if isinstance(move, Observe):
        if state.phase != "buildings":
            return IllegalMove(
                "The Observatory can only be used in the building phase.",
                "天文台は建物フェーズにしか使えません。",
            )
        if face_up_observatories(player) == 0:
            return IllegalMove("You have no face-up Observatory.", "表向きの天文台がありません。")
        return IllegalMove(
            "The Observatory needs a stack with at least 2 cards.",
            "天文台は2枚以上残っている山にしか使えません。",
        )
    if isinstance(move, (Buy, Take)):
        on_board = [s for s in state.board if s is not None]
        if not any(s.card == move.card and s.old == move.old for s in on_board):
            en, ja = _name(move.card)
            if not any(s.card == move.card for s in on_board):
                return IllegalMove(f"There is no {en} on the board.", f"売り場に{ja}はありません。")
            if move.old:
                return IllegalMove(
                    f"The {en} on the board is new, not old: leave out `old`.",
                    f"売り場の{ja}は−1ではありません。「旧」を外してください。",
                )
            return IllegalMove(
                f"Only an old {en} is on the board: add `old`.",
                f"売り場の{ja}は−1のものだけです。「旧」を付けてください。",
            )
        if isinstance(move, Take):
            return _hand_full(player)
        return _placement_problem(player, move.card, move.old, move.target)
    if isinstance(move, Play):
        if move.card not in player.hand:
            en, ja = _name(move.card)
            return IllegalMove(f"You have no {en} in hand.", f"手札に{ja}はありません。")
        return _placement_problem(player, move.card, False, move.target)
    return IllegalMove("That move is not possible now.", "今その手は指せません。")


def _hand_full(player: PlayerState) -> IllegalMove:
    limit = hand_limit(player)
    return IllegalMove(
        f"Your hand is full ({len(player.hand)} of {limit} cards).",
        f"手札がいっぱいです（{limit}枚中{len(player.hand)}枚）。",
    )


def _placement_problem(
    player: PlayerState, card: str, old: bool, target: str | None
) -> IllegalMove:
    en, ja = _name(card)
    if CARDS[card].trading:
        options = targets(player, card)
        if not options:
            return IllegalMove(
                f"{en} must replace a card in your play area, and you have none it can replace.",
                f"{ja}は自分の場のカードと置き換える必要がありますが、置き換えられるカードがありません。",
            )
        if target not in options:
            listed_en = ", ".join(CARDS[t].en for t in options)
            listed_ja = "、".join(CARDS[t].ja for t in options)
            return IllegalMove(
                f"{en} must name a card it replaces: {listed_en} (e.g. `{en} > {CARDS[options[0]].en}`).",
                f"{ja}は置き換えるカードを指定してください: {listed_ja}",
            )
    elif target is not None:
        return IllegalMove(
            f"{en} is not a trading card: it takes no target.", f"{ja}は交換カードではありません。"
        )
    price = cost(player, card, old=old, target=target)
    return IllegalMove(
        f"{en} costs you {price} rubles; you have {player.money}.",
        f"{ja}のコストは{price}ルーブルですが、所持金は{player.money}ルーブルです。",
    )


# ---------------------------------------------------------------- applying moves


class Table:
    """A mutable scratch copy of a State while one move is applied; frozen again at the end."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.players = list(state.players)
        self.stacks = dict(state.stacks)
        self.board: list[BoardCard | None] = list(state.board)
        self.discard = list(state.discard)
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
        return self.state.model_copy(
            update={
                "players": tuple(self.players),
                "stacks": self.stacks,
                "board": tuple(self.board),
                "discard": tuple(self.discard),
                "round": self.round,
                "phase": self.phase,
                "markers": self.markers,
                "turn": self.turn,
                "passes": self.passes,
                "pending": self.pending,
                "finished": self.finished,
                "events": tuple(self.events),
                "moves_played": self.state.moves_played + 1,
            }
        )

    # -- helpers

    def seat_id(self, seat: int) -> str:
        return self.players[seat].id

    def event(self, kind: str, seat: int | None = None, **data: Any) -> None:
        self.events.append(
            Event(kind=kind, seat=None if seat is None else self.seat_id(seat), data=data)
        )

    def money_event(self, kind: str, seat: int, **data: Any) -> None:
        """A money amount: public when money is public, otherwise only for its owner."""
        private_to = None if self.public_money else self.seat_id(seat)
        self.events.append(
            Event(kind=kind, seat=self.seat_id(seat), private_to=private_to, data=data)
        )

    def update(self, seat: int, **changes: Any) -> PlayerState:
        player = self.players[seat].model_copy(update=changes)
        self.players[seat] = player
        return player

    def order_from(self, first: int) -> list[int]:
        n = len(self.players)
        return [(first + i) % n for i in range(n)]

    def take_from_board(self, card: str, old: bool) -> None:
        for index, slot in enumerate(self.board):
            if slot is not None and slot.card == card and slot.old == old:
                self.board[index] = None  # the space stays where the card lay
                return
        raise AssertionError("legal_moves offered a card that is not on the board")

    def put_into_play(
        self, seat: int, card: str, *, old: bool, target: str | None, how: str
    ) -> None:
        player = self.players[seat]
        price = cost(player, card, old=old, target=target)
        area = list(player.area)
        used = player.observatories_used
        if target is not None:
            area.remove(target)
            self.discard.append(target)
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
                self.pending = Pending(kind="pub", seat=queue[0], queue=tuple(queue[1:]))
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
            self.stacks[stack] = deck[count:]
            for index, card in zip(empty, dealt, strict=False):
                self.board[index] = BoardCard(card=card)  # the gaps fill from the left
            self.event("refill", None, stack=stack, cards=list(dealt))
            if not self.stacks[stack]:
                self.event("stack_empty", None, stack=stack)

    def score(self, colour: Colour) -> None:
        for seat in self.order_from(self.markers[self.phase]):
            player = self.players[seat]
            money, points = payout(player, colour)
            if not (money or points):
                continue  # nothing to pay out, nothing to announce
            self.update(seat, money=player.money + money, points=player.points + points)
            if points:
                self.event("score", seat, phase=self.phase, points=points)
            if money:
                self.money_event("income", seat, amount=money, phase=self.phase)

    def end_round(self) -> None:
        if any(not self.stacks[s] for s in STACKS):
            self.finished = True
            self.event("game_end", None, round=self.round)
            return
        old = [slot.card for slot in self.board if slot is not None and slot.old]
        self.discard.extend(old)
        self.board = [
            None if slot is None or slot.old else BoardCard(card=slot.card, old=True)
            for slot in self.board
        ]
        self.event("round_end", None, round=self.round, discarded=old)
        n = len(self.players)
        self.markers = {phase: (seat + 1) % n for phase, seat in self.markers.items()}
        self.round += 1
        self.refill("workers")
        self.start_phase("workers")


def apply_move(state: State, seat: int, move: Move) -> State:
    """The state after `seat` plays `move`, which the caller has checked is legal."""
    table = Table(state)
    if isinstance(move, Pass):
        table.event("pass", seat)
        table.end_turn(passed=True)
    elif isinstance(move, Buy):
        table.take_from_board(move.card, move.old)
        table.put_into_play(seat, move.card, old=move.old, target=move.target, how="buy")
        table.end_turn(passed=False)
    elif isinstance(move, Take):
        table.take_from_board(move.card, move.old)
        player = table.players[seat]
        table.update(seat, hand=(*player.hand, move.card))
        table.event("take", seat, card=move.card, old=move.old)
        table.end_turn(passed=False)
    elif isinstance(move, Play):
        hand = list(table.players[seat].hand)
        hand.remove(move.card)
        table.update(seat, hand=tuple(hand))
        table.put_into_play(seat, move.card, old=False, target=move.target, how="play")
        table.end_turn(passed=False)
    elif isinstance(move, Observe):
        deck = table.stacks[move.stack]
        table.stacks[move.stack] = deck[1:]
        player = table.players[seat]
        # The Observatory turns face down as it is used; a face-down one is still a building
        # that a blue trading card (even the revealed one) may replace.
        table.update(seat, observatories_used=player.observatories_used + 1)
        table.pending = Pending(kind="observatory", seat=seat, card=deck[0], stack=move.stack)
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
            table.discard.append(card)
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
            table.pending = Pending(kind="pub", seat=queue[0], queue=queue[1:])
        else:
            table.after_scoring()
    return table.freeze()
