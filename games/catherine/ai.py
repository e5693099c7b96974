"""Computer players for Catherine: a random one and a greedy one.

The greedy player places so that colours match and the activated action is worth the most by a
quick estimate, and decides everything else by applying each legal move and valuing its own
position afterwards (VP, favour, houses, goods, cards).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.adapters import RANDOM_AI, AiKind
from games.base import Game
from games.catherine import rules
from games.catherine.data import BOOK, CANNON, GOODS, Card, Data
from games.catherine.models import Keep, Move, Place, PlayerState, Row, State, View

CARD_WORTH = 0.6  # a card in hand, in VP
FAVOUR_WORTH = 1.4
HOUSE_WORTH = 3.0
TILE_WORTH = 0.9


def position_value(data: Data, p: PlayerState | rules.Seat) -> float:
    limit = data.track[p.favour].hand_limit
    cards = min(len(p.hand), limit + 2)
    return (
        p.vp
        + FAVOUR_WORTH * p.favour
        + HOUSE_WORTH * len(p.houses)
        + TILE_WORTH * sum(p.tiles)
        + 1.5 * p.jokers
        + CARD_WORTH * cards
        + 0.1 * rules.network(data, p.houses)
    )


def action_estimate(
    data: Data, card: Card, p: PlayerState | rules.Seat, row: tuple[str, ...], hand_left: int
) -> float:
    """What running `card`'s action (and bonus) is roughly worth with this row and hand."""
    owned = rules.own(data, row, p.tiles)
    limit = data.track[p.favour].hand_limit
    space = max(0, limit - hand_left)
    kind = card.action
    if kind in ("BUILD_LISTED", "BUILD_REGION"):
        cities = card.cities if kind == "BUILD_LISTED" else data.region_cities[card.colour]
        if len(p.houses) >= data.rules.houses or not any(c not in p.houses for c in cities):
            return CARD_WORTH
        cost = card.discard * CARD_WORTH
        if hand_left < card.discard:
            return CARD_WORTH
        return HOUSE_WORTH + TILE_WORTH + 1.0 - cost
    if kind == "MARKET":
        total = owned[card.goods[0]] + owned[card.goods[1]]
        return min(total, space) * CARD_WORTH + max(0, total - space)
    if kind == "DISCARD_FOR_VP":
        return card.amount - card.discard * CARD_WORTH if hand_left >= card.discard else CARD_WORTH
    if kind == "DISCARD_FOR_FAVOUR":
        return 2 * FAVOUR_WORTH if hand_left >= card.discard else CARD_WORTH
    if kind == "VP_PER_BOOK":
        return card.amount * owned[BOOK] + 1
    if kind == "VP_PER_GOODS_SET":
        return card.amount * min(owned[: len(GOODS)]) + 1
    if kind == "DRAW_PER_BOOK":
        return min(owned[BOOK] * card.amount, space) * CARD_WORTH + 1
    if kind == "DRAW":
        return min(card.amount, space) * CARD_WORTH + 1
    return card.amount + 1.5


def top_worth(card: Card, rounds_left: int) -> float:
    icons = card.icons
    goods = sum(icons[: len(GOODS)])
    return 0.12 * rounds_left * (goods * 0.8 + icons[CANNON] * 1.0 + icons[BOOK] * 1.0)


def keep_worth(data: Data, cards: tuple[str, ...]) -> float:
    """What a starting action row is worth to the greedy AI."""
    return sum(top_worth(data.cards[c], 12) for c in cards)


class Placements:
    """The greedy AI's value of each whole placement (row card, activation card, the card it
    goes under) for one seat in one round; what placements share is computed once, since the
    greedy AI weighs every placement its hand allows."""

    def __init__(self, data: Data, round_number: int, p: PlayerState | rules.Seat) -> None:
        self.data = data
        self.p = p
        self.rounds_left = 13 - round_number
        self.hand_left = len(p.hand) - 2
        self.worths: dict[str, float] = {}
        self.estimates: dict[tuple[str, str], float] = {}

    def worth(self, card: str) -> float:
        worth = self.worths.get(card)
        if worth is None:
            worth = self.worths[card] = top_worth(self.data.cards[card], self.rounds_left)
        return worth

    def value(self, row_card: str, act: str, under_card: str) -> float:
        cards = self.data.cards
        value = self.worth(row_card) - 0.05 * self.worth(act)
        under = cards[under_card]
        if cards[act].colour != under.colour:
            return value + CARD_WORTH
        estimate = self.estimates.get((row_card, under_card))
        if estimate is None:
            row = (*self.p.row, row_card)
            estimate = action_estimate(self.data, under, self.p, row, self.hand_left)
            self.estimates[row_card, under_card] = estimate
        return value + estimate

    def all(self) -> list[tuple[float, str, str, str]]:
        """(value, row card, activation card, card under) for every placement of the hand."""
        hand = self.p.hand
        free = GreedyPlayer.free(self.p)
        return [
            (self.value(row, act, under), row, act, under)
            for row in hand
            for act in hand
            if act != row
            for under in (*free, row)
        ]


class GreedyPlayer:
    """Best immediate value: placements by estimate, other decisions by one-move lookahead."""

    def choose(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> Move:
        return max(self.scored(game, state, seat, rng), key=lambda e: (e[0], e[1]))[2]

    def ranked(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> list[Move]:
        """The legal moves, best first: `choose`'s move first, then by the same values (a row
        card by its best whole placement). The search tries its best few."""
        best: dict[Move, tuple[float, float]] = {}
        for value, tie, move in self.scored(game, state, seat, rng):
            if move not in best or (value, tie) > best[move]:
                best[move] = (value, tie)
        return sorted(best, key=lambda m: best[m], reverse=True)

    def scored(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> list[tuple[float, float, Move]]:
        """(value, random tie-break, move) for each option weighed; a row card appears once per
        whole placement it allows. The random draws are made in a fixed order, so a seeded
        player always chooses the same."""
        data: Data = game.data  # type: ignore[attr-defined]
        index = game.players(state).index(seat)
        return scored_moves(
            data,
            game.legal_moves(state, seat),
            state.players[index],
            state.round,
            rng,
            lambda move: rules.apply_move(data, state, index, move).players[index],
        )

    @staticmethod
    def keep_value(data: Data, move: Move) -> float:
        return keep_worth(data, getattr(move, "cards", ()))

    @staticmethod
    def free(p: PlayerState | rules.Seat) -> list[str]:
        return [card for card, below in zip(p.row, p.below, strict=True) if not below]

    @staticmethod
    def place_value(
        data: Data, round_number: int, p: PlayerState, row_card: str, act: str, under_card: str
    ) -> float:
        return Placements(data, round_number, p).value(row_card, act, under_card)


def scored_moves(
    data: Data,
    moves: list[Move],
    p: PlayerState | rules.Seat,
    round_number: int,
    rng: random.Random,
    after: Callable[[Move], PlayerState | rules.Seat],
) -> list[tuple[float, float, Move]]:
    """`GreedyPlayer.scored` for player `p`, whose legal moves are `moves`: shared with the
    playout kernel (kernel.py), so both choose alike. `after(move)` is the player once `move`
    is played (asked only for the decisions valued by applying each move: through `apply_move`
    on a state, or on a scratch copy of the kernel's table)."""
    if isinstance(moves[0], Keep):
        return [(GreedyPlayer.keep_value(data, m), rng.random(), m) for m in moves]
    if isinstance(moves[0], Row):
        rows = {m.card: m for m in moves if isinstance(m, Row)}
        return [
            (value, rng.random(), rows[row])
            for value, row, _, _ in Placements(data, round_number, p).all()
        ]
    if isinstance(moves[0], Place):
        row = p.chosen[0]
        placements = Placements(data, round_number, p)
        return [
            (placements.value(row, m.act, m.under), rng.random(), m)  # type: ignore[union-attr]
            for m in moves
        ]
    return [(position_value(data, after(move)), rng.random(), move) for move in moves]


class RandomPlayer:
    def choose(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> Move:
        moves = game.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


KINDS: tuple[AiKind, ...] = (
    AiKind(
        key="greedy",
        texts={
            "en": "matches colours for the best action, then takes the best immediate gain",
            "ja": "色を合わせて最善のアクションを選び、その場で最も得な手を指す",
        },
        make=GreedyPlayer,
    ),
    RANDOM_AI,
)
