"""Computer players for Sankt Petersburg: a random one and a greedy one-move-lookahead one."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from games.adapters import AiKind
from games.base import Game
from games.stpetersburg import rules
from games.stpetersburg.data import (
    CARDS,
    HAND_PENALTY,
    PHASES,
    SCORINGS,
    StackId,
    aristocrat_bonus,
)
from games.stpetersburg.models import (
    Buy,
    Drawn,
    Move,
    Observe,
    Pass,
    Play,
    PubPurchase,
    State,
    Take,
    View,
)

# A card's phase: the scoring its colour pays at.
COLOUR_PHASE = {colour: phase for phase, colour in SCORINGS}
PHASE_INDEX: dict[str, int] = {phase: index for index, phase in enumerate(PHASES)}


class Player(Protocol):
    def choose(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> Move: ...


class RandomPlayer:
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> Move:
        return rng.choice(game.legal_moves(state, seat))


class GreedyPlayer:
    """Scores each legal move by what the card is worth over the rest of the game, minus its price.

    The worth of a card is its income and points times the scorings left for its colour, with
    rubles valued less as the end nears; aristocrats add the final-bonus step they unlock.
    """

    name = "greedy"

    def choose(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> Move:
        # The best of `scored` without sorting: the search's playouts call this every move.
        return best(
            appraise(state, game.players(state).index(seat)), game.legal_moves(state, seat), rng
        )

    def ranked(
        self, game: Game[State, Move, View], state: State, seat: str, rng: random.Random
    ) -> list[Move]:
        """The legal moves best first (ties in random order); the search AI widens by it."""
        appraisal = appraise(state, game.players(state).index(seat))
        entries = scored(appraisal, game.legal_moves(state, seat), rng)
        entries.sort(key=lambda entry: entry[:2], reverse=True)
        return [entry[2] for entry in entries]


def appraise(state: State, seat: int) -> Appraisal:
    """The seat's situation in `state` as the greedy AI values moves."""
    player = state.players[seat]
    pending = state.pending
    return Appraisal(
        state.phase,
        player.area,
        player.money,
        rounds_left(state.stacks, state.phase, len(state.players)),
        None if pending is None else pending.card,
    )


def scored(
    appraisal: Appraisal, moves: Sequence[Move], rng: random.Random
) -> list[tuple[float, float, Move]]:
    """(value, random tie-break, move) for every move, in order, one draw from `rng` each."""
    return [(value(appraisal, move), rng.random(), move) for move in moves]


def best(appraisal: Appraisal, moves: Sequence[Move], rng: random.Random) -> Move:
    """The greedy AI's choice among `moves` (the legal moves, in order)."""
    return max(scored(appraisal, moves, rng), key=lambda entry: entry[:2])[2]


def value(appraisal: Appraisal, move: Move) -> float:
    """What `move` is worth to the appraised seat, in points."""
    left = appraisal.rounds_left
    card_worth = appraisal.worth
    ruble = appraisal.ruble
    area = appraisal.area
    if isinstance(move, Pass):
        return 0.0
    if isinstance(move, PubPurchase):
        # A point costs 2 rubles; worth it once rubles are worth less than half a point.
        return move.points * (1.0 - 2 * ruble)
    if isinstance(move, Observe):
        return 0.5
    if isinstance(move, Buy | Play):
        price = rules.holdings(area).cost(move.card, getattr(move, "old", False), move.target)
        worth = card_worth(move.card, move.target) - price * ruble
        # Playing a hand card also lifts the 5-point penalty it would cost at the end.
        return worth + (HAND_PENALTY if isinstance(move, Play) else 0)
    if isinstance(move, Take):
        if left < 2:
            return -5.0  # a card still in hand at the end costs 5 points
        most = card_worth(move.card, None)
        if CARDS[move.card].trading:
            options = rules.holdings(area).targets(move.card)
            most = max((card_worth(move.card, t) for t in options), default=0)
        price = rules.holdings(area).cost(move.card)
        affordable_later = price <= appraisal.money + appraisal.income()
        return 0.35 * (most - price * ruble) - (3.0 if not affordable_later else 1.5)
    if isinstance(move, Drawn):
        card = appraisal.drawn
        assert card is not None
        if move.action == "buy":
            price = rules.holdings(area).cost(card, False, move.target)
            return card_worth(card, move.target) - price * ruble
        if move.action == "take":
            return -5.0 if left < 2 else 0.2 * card_worth(card, None) - 2
        return 0.0
    return 0.0


def rounds_left(stacks: Mapping[StackId, tuple[str, ...]], phase: StackId, n: int) -> float:
    """Rounds still to play including this one: about 8 cards leave a stack's supply per round."""
    # Measured in greedy self-play: the worker stack drains fastest, more so with more players.
    per_round: dict[StackId, float] = {
        "workers": 3.0 + n,
        "buildings": 2.0 + n,
        "aristocrats": 2.0 + n,
        "trading": 1.5 + n,
    }
    left = min(len(stacks[stack]) / rate for stack, rate in per_round.items())
    phase_fraction = 1 - PHASES.index(phase) / 4
    return max(phase_fraction, left + phase_fraction)


def ruble_worth(rounds_left: float) -> float:
    """Points one ruble is worth now: money builds engines early, and is a tenth of a point at the end."""
    return max(0.1, min(0.45, 0.08 * rounds_left))


class Appraisal:
    """One seat's situation as the greedy AI values moves: worked out once per choice, since
    the search's playouts ask for a choice at every move. `drawn` is the card an Observatory
    revealed, when that decision is pending."""

    __slots__ = (
        "_income",
        "_kinds",
        "area",
        "drawn",
        "known",
        "later",
        "money",
        "phase",
        "rounds_left",
        "ruble",
    )

    def __init__(
        self,
        phase: StackId,
        area: tuple[str, ...],
        money: int,
        rounds_left: float,
        drawn: str | None = None,
    ) -> None:
        self.area = area
        self.money = money
        self.drawn = drawn
        self.rounds_left = rounds_left
        self.ruble = ruble_worth(rounds_left)
        self.later = max(0.0, rounds_left - 1)  # scorings after this round's
        self.phase = PHASE_INDEX[phase]
        self.known: dict[tuple[str, str | None], float] = {}
        self._income: int | None = None
        self._kinds: set[str] | None = None

    def income(self) -> int:
        """The rubles the play area pays over one round's scorings."""
        if self._income is None:
            self._income = sum(CARDS[k].money for k in self.area)
        return self._income

    def worth(self, card_key: str, target: str | None) -> float:
        """`worth` of one card, remembered: several moves put the same card into play."""
        found = self.known.get((card_key, target))
        if found is None:
            found = self.known[card_key, target] = self._worth(card_key, target)
        return found

    def _worth(self, card_key: str, target: str | None) -> float:
        card = CARDS[card_key]
        area = self.area
        # Scorings of this colour still to come: this round's if its phase has not passed yet.
        this_round = PHASE_INDEX[COLOUR_PHASE[card.colour]] >= self.phase
        scorings = self.later + (1 if this_round else 0)
        ruble = self.ruble
        gain = scorings * (card.points + card.money * ruble)
        ability = card.ability
        if ability:
            if ability == "pub":
                gain += scorings * 1.0
            if ability in ("blue_discount", "orange_discount"):
                gain += 0.7 * scorings
            if ability == "warehouse":
                gain += 0.5
            if ability == "mariinskij":
                gain += scorings * ruble * sum(CARDS[k].colour == "orange" for k in area)
            if ability == "tax_man":
                gain += scorings * ruble * sum(CARDS[k].colour == "green" for k in area)
        if card.colour == "orange":
            if self._kinds is None:
                self._kinds = rules.area_aristocrat_kinds(area)
            kinds = self._kinds
            before = aristocrat_bonus(len(kinds))
            after_kinds = (kinds - {target}) if target and area.count(target) == 1 else set(kinds)
            after_kinds.add(card_key)
            gain += aristocrat_bonus(len(after_kinds)) - before
        if target is not None:
            lost = CARDS[target]
            gain -= scorings * (lost.points + lost.money * ruble)
        return gain


def estimate_scores(state: State) -> dict[str, float]:
    """Each seat's final score as it stands, plus what its cards should still pay.

    Points and the aristocrat bonus as they are now; money and future income at what a ruble is
    worth (a tenth of a point at the end); cards in hand cost their penalty in the last round.
    """
    left = rounds_left(state.stacks, state.phase, len(state.players))
    ruble = ruble_worth(left)
    now = PHASES.index(state.phase)
    scorings = [
        (colour, max(0.0, left - 1) + (1 if PHASES.index(phase) >= now else 0))
        for phase, colour in SCORINGS
    ]
    hand_cost = HAND_PENALTY if left < 1.5 else 1.0
    result: dict[str, float] = {}
    for player in state.players:
        value = float(player.points + aristocrat_bonus(len(rules.aristocrat_kinds(player))))
        value += player.money * ruble - hand_cost * len(player.hand)
        for colour, count in scorings:
            money, points = rules.payout(player, colour)
            value += count * (points + money * ruble)
        result[player.id] = value
    return result


KINDS = (
    AiKind(
        key="greedy",
        texts={
            "en": "values each card by its income and points over the scorings left",
            "ja": "残りの得点計算での収入と勝利点でカードを評価する",
        },
        make=GreedyPlayer,
    ),
    AiKind(
        key="random",
        texts={"en": "plays a random legal move", "ja": "合法手からランダムに選ぶ"},
        make=RandomPlayer,
    ),
)
