"""Tiny games for the bot's tests: a turn-based one with secret draws, a simultaneous one, and
`handful` (tests/bot/handful.py: options, a secret hand, menus, buttons, move commands, an AI).

`tally`: players take turns adding 1–3 to a shared total (or passing) until it reaches the target;
each add draws a secret token only the mover sees. `sealed`: each round every player bids 0–3 at
once; the state keeps the bids hidden until all are in. Importing this module registers both.
"""

from __future__ import annotations

import copy
import random
import re
import tomllib
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, ValidationError

import games
from games.adapters import RANDOM_AI, AiKind, GameOptions, option
from games.base import (
    Event,
    Frozen,
    Game,
    IllegalMove,
    InvalidData,
    InvalidMove,
    InvalidOptions,
    Outcome,
    Rng,
    rank_standings,
)
from games.search import STRONG_AI
from tests.bot.handful import Handful, HandfulOptions, HandfulState

# ---------------------------------------------------------------- tally (turn-based)


class LargestAdd:
    """A "greedy" AI for tally: adds as much as it may."""

    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        moves = game.legal_moves(state, seat)
        return max(moves, key=lambda m: getattr(m, "amount", 0))


class LastMove:
    """A "greedy" AI for sealed bids: the highest bid."""

    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        return game.legal_moves(state, seat)[-1]


class Add(Frozen):
    kind: Literal["add"] = "add"
    amount: int


class Pass(Frozen):
    kind: Literal["pass"] = "pass"


TallyMove = Annotated[Add | Pass, Field(discriminator="kind")]


class TallyOptions(GameOptions):
    target: int = option(10, en="Total that ends the game", ja="終了する合計", ge=3, le=200)


class TallyState(Frozen):
    game: Literal["tally"] = "tally"
    options: TallyOptions
    seats: tuple[str, ...]
    rng: Rng
    total: int = 0
    turn: int = 0
    added: dict[str, int]
    tokens: dict[str, tuple[int, ...]]  # secret: each seat sees only its own
    events: tuple[Event, ...] = ()


class TallyView(Frozen):
    game: Literal["tally"] = "tally"
    viewer: str | None
    total: int
    target: int
    to_act: tuple[str, ...]
    added: dict[str, int]
    token_counts: dict[str, int]
    my_tokens: tuple[int, ...] | None
    events: tuple[Event, ...]


class Tally(Game[TallyState, Any, TallyView]):
    id = "tally"
    names: ClassVar[dict[str, str]] = {"en": "Tally", "ja": "タリー"}
    min_players = 1
    max_players = 4
    state_type = TallyState
    move_types = (Add, Pass)
    options_type = TallyOptions

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (
            RANDOM_AI,
            AiKind("greedy", {"en": "adds the most", "ja": "最大を加える"}, LargestAdd),
        )

    def board_text(
        self, view: TallyView, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        mine = "" if view.my_tokens is None else f"\nmy tokens: {list(view.my_tokens)}"
        return f"total {view.total} of {view.target}{mine}"

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> TallyState:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions("Tally is for 1 to 4 players.", "タリーは1〜4人用です。")
        try:
            opts = TallyOptions.model_validate(dict(options or {}))
        except ValidationError as error:
            where = ".".join(str(p) for p in error.errors()[0]["loc"])
            raise InvalidOptions(
                f"Bad option {where}.", f"オプション {where} が不正です。"
            ) from None
        return TallyState(
            options=opts,
            seats=tuple(players),
            rng=Rng(seed=seed),
            added={p: 0 for p in players},
            tokens={p: () for p in players},
        )

    def players(self, state: TallyState) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: TallyState) -> frozenset[str]:
        if state.total >= state.options.target:
            return frozenset()
        return frozenset((state.seats[state.turn],))

    def legal_moves(self, state: TallyState, player: str) -> list[Any]:
        if player not in self.to_act(state):
            return []
        room = state.options.target - state.total
        return [Add(amount=n) for n in self.amounts if n <= room] + [Pass()]

    amounts: tuple[int, ...] = (1, 2, 3)  # what a turn may add; a data file can change it

    def with_data(self, text: str, *, source: str) -> Tally:
        """Tally whose turns may add the `amounts = [...]` listed in a TOML file."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise InvalidData(
                f"{source}: not TOML: {error}", f"{source}: TOMLではありません"
            ) from None
        amounts = data.get("amounts")
        if not isinstance(amounts, list) or not amounts:
            raise InvalidData(
                f"{source}: amounts: a list of whole numbers is needed.",
                f"{source}: amounts: 整数のリストが必要です。",
            )
        for index, amount in enumerate(amounts):
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
                raise InvalidData(
                    f"{source}: amounts[{index}]: {amount!r} is not a positive whole number.",
                    f"{source}: amounts[{index}]: {amount!r} は正の整数ではありません。",
                )
        changed = copy.copy(self)
        changed.amounts = tuple(amounts)
        return changed

    def apply(self, state: TallyState, player: str, move: Any) -> TallyState:
        self.check_move_type(move)
        self.check_turn(state, player)
        if move not in self.legal_moves(state, player):
            raise IllegalMove("That would pass the target.", "目標を超えてしまいます。")
        turn = (state.turn + 1) % len(state.seats)
        if isinstance(move, Pass):
            event = Event(kind="pass", seat=player)
            return state.model_copy(update={"turn": turn, "events": (event,)})
        rng, token = state.rng.randrange(10)
        events = (
            Event(kind="add", seat=player, data={"amount": move.amount}),
            Event(kind="token", seat=player, private_to=player, data={"token": token}),
        )
        return state.model_copy(
            update={
                "rng": rng,
                "total": state.total + move.amount,
                "turn": turn,
                "added": {**state.added, player: state.added[player] + move.amount},
                "tokens": {**state.tokens, player: (*state.tokens[player], token)},
                "events": events,
            }
        )

    def parse(self, text: str) -> Any:
        words = text.strip().casefold().split()
        if words in (["pass"], ["パス"]):
            return Pass()
        if len(words) == 2 and words[0] in ("add", "加算") and re.fullmatch(r"\d+", words[1]):
            return Add(amount=int(words[1]))
        raise InvalidMove(f"Not a Tally move: {text!r}.", f"タリーの手ではありません: {text}")

    def format(self, move: Any, *, lang: str = "en") -> str:
        if isinstance(move, Pass):
            return "パス" if lang == "ja" else "pass"
        return f"{'加算' if lang == 'ja' else 'add'} {move.amount}"

    def view(self, state: TallyState, viewer: str | None) -> TallyView:
        return TallyView(
            viewer=viewer,
            total=state.total,
            target=state.options.target,
            to_act=tuple(sorted(self.to_act(state))),
            added=state.added,
            token_counts={p: len(t) for p, t in state.tokens.items()},
            my_tokens=state.tokens.get(viewer) if viewer is not None else None,
            events=tuple(e for e in state.events if e.private_to in (None, viewer)),
        )

    def outcome(self, state: TallyState) -> Outcome | None:
        if self.to_act(state):
            return None
        entries = [
            (p, state.added[p] + sum(state.tokens[p]), (), {"added": state.added[p]})
            for p in state.seats
        ]
        return Outcome(standings=rank_standings(entries), solo=len(state.seats) == 1)

    def describe(self, event: Event, *, lang: str = "en") -> str:
        if event.kind == "pass":
            return f"{event.seat}はパスしました。" if lang == "ja" else f"{event.seat} passed."
        if event.kind == "add":
            n = event.data["amount"]
            return (
                f"{event.seat}は{n}を加えました。" if lang == "ja" else f"{event.seat} added {n}."
            )
        token = event.data["token"]
        return f"トークン{token}を引きました。" if lang == "ja" else f"You drew token {token}."


# ---------------------------------------------------------------- sealed (simultaneous)


class Bid(Frozen):
    kind: Literal["bid"] = "bid"
    amount: int


class SealedOptions(GameOptions):
    rounds: int = option(3, en="Rounds of bidding", ja="入札のラウンド数", ge=1, le=20)


class SealedState(Frozen):
    game: Literal["sealed"] = "sealed"
    options: SealedOptions
    seats: tuple[str, ...]
    round: int = 1
    bids: dict[str, int] = Field(default_factory=dict)  # hidden until everyone has bid
    points: dict[str, int]
    events: tuple[Event, ...] = ()


class SealedView(Frozen):
    game: Literal["sealed"] = "sealed"
    viewer: str | None
    round: int
    rounds: int
    submitted: tuple[str, ...]  # who has bid this round, never what
    my_bid: int | None
    points: dict[str, int]
    events: tuple[Event, ...]


class Sealed(Game[SealedState, Bid, SealedView]):
    id = "sealed"
    names: ClassVar[dict[str, str]] = {"en": "Sealed Bids", "ja": "封印入札"}
    min_players = 2
    max_players = 4
    state_type = SealedState
    move_types = (Bid,)
    options_type = SealedOptions

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (RANDOM_AI, AiKind("greedy", {"en": "bids high", "ja": "高く入札"}, LastMove))

    def board_text(
        self, view: SealedView, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        mine = "" if view.my_bid is None else f"\nmy bid: {view.my_bid}"
        return f"round {view.round} of {view.rounds}, bids in: {len(view.submitted)}{mine}"

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> SealedState:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions("Sealed Bids is for 2 to 4 players.", "封印入札は2〜4人用です。")
        try:
            opts = SealedOptions.model_validate(dict(options or {}))
        except ValidationError:
            raise InvalidOptions("Bad option.", "オプションが不正です。") from None
        return SealedState(options=opts, seats=tuple(players), points={p: 0 for p in players})

    def players(self, state: SealedState) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: SealedState) -> frozenset[str]:
        if state.round > state.options.rounds:
            return frozenset()
        return frozenset(p for p in state.seats if p not in state.bids)

    def legal_moves(self, state: SealedState, player: str) -> list[Bid]:
        return [Bid(amount=n) for n in range(4)] if player in self.to_act(state) else []

    def apply(self, state: SealedState, player: str, move: Bid) -> SealedState:
        self.check_move_type(move)
        self.check_turn(state, player)
        if move not in self.legal_moves(state, player):
            raise IllegalMove("Bid 0 to 3.", "0〜3で入札してください。")
        bids = {**state.bids, player: move.amount}
        if len(bids) < len(state.seats):
            return state.model_copy(
                update={"bids": bids, "events": (Event(kind="bid", seat=player),)}
            )
        best = max(bids.values())
        winners = [p for p in state.seats if bids[p] == best]
        points = dict(state.points)
        if len(winners) == 1:
            points[winners[0]] += 1
        reveal = Event(kind="reveal", data={"bids": bids})
        return state.model_copy(
            update={"bids": {}, "round": state.round + 1, "points": points, "events": (reveal,)}
        )

    def parse(self, text: str) -> Bid:
        match = re.fullmatch(r"\s*(bid|入札)\s+(\d+)\s*", text.casefold())
        if not match:
            raise InvalidMove(f"Not a bid: {text!r}.", f"入札ではありません: {text}")
        return Bid(amount=int(match.group(2)))

    def format(self, move: Bid, *, lang: str = "en") -> str:
        return f"{'入札' if lang == 'ja' else 'bid'} {move.amount}"

    def view(self, state: SealedState, viewer: str | None) -> SealedView:
        return SealedView(
            viewer=viewer,
            round=state.round,
            rounds=state.options.rounds,
            submitted=tuple(p for p in state.seats if p in state.bids),
            my_bid=state.bids.get(viewer) if viewer is not None else None,
            points=state.points,
            events=state.events,
        )

    def outcome(self, state: SealedState) -> Outcome | None:
        if self.to_act(state):
            return None
        entries = [(p, state.points[p], (), {}) for p in state.seats]
        return Outcome(standings=rank_standings(entries))

    def describe(self, event: Event, *, lang: str = "en") -> str:
        if event.kind == "bid":
            return f"{event.seat}が入札しました。" if lang == "ja" else f"{event.seat} has bid."
        shown = ", ".join(f"{p} {b}" for p, b in event.data["bids"].items())
        return f"公開：{shown}" if lang == "ja" else f"Bids revealed: {shown}"


TALLY = games.register(Tally())
SEALED = games.register(Sealed())
HANDFUL = games.register(Handful())


class Keen(Handful):
    """`handful` with the strong AI (and so a game review): hands sampled from a seat's view.

    The sample deals the cards the seat does not hold to the other hands and the deck (cards
    played are not remembered by the state, so the whole deck's other cards count as unseen).
    """

    id = "keen"
    names: ClassVar[dict[str, str]] = {"en": "Keen", "ja": "キーン"}
    commands = None  # handful's command group is handful's own: moves here go through /move

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (*super().ai_kinds(), STRONG_AI)

    def sample_state(self, view: Any, seat: str, rng: random.Random) -> Any:
        unseen = [n for n in range(1, 10) for _ in range(3)]
        for card in view.hands[seat] or ():
            if card in unseen:
                unseen.remove(card)
        rng.shuffle(unseen)
        hands = {}
        for player, size in view.hand_sizes.items():
            shown = view.hands[player]
            if shown is not None:
                hands[player] = shown
            else:
                hands[player], unseen = tuple(unseen[:size]), unseen[size:]
        seats = tuple(view.scores)
        turns = 9  # the most a game has: the turns made so far follow from the turns left
        return HandfulState(
            options=HandfulOptions(goal=view.goal, turns=turns),
            seats=seats,
            rng=Rng(seed=rng.randrange(2**32)),
            deck=tuple(unseen[: view.deck_size]),
            hands=hands,
            scores=view.scores,
            turn=seats.index(view.to_act[0]) if view.to_act else 0,
            moves_made=turns * len(seats) - view.turns_left,
            events=view.events,
        )


KEEN = games.register(Keen())
