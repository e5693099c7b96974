"""The Catherine game object: setup, options, views and outcome behind the game contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.adapters import GlossaryEntry
from games.base import (
    Event,
    InvalidOptions,
    NotYourTurn,
    Outcome,
    Rng,
    ScoreChart,
    rank_standings,
)
from games.catherine import ai, chart, estimate, position, present, rules, sample
from games.catherine.data import DATA, Data, load_data
from games.catherine.glossary import glossary as catherine_glossary
from games.catherine.kernel import Kernel
from games.catherine.models import (
    MOVE_TYPES,
    Move,
    Options,
    PlayerState,
    PlayerView,
    State,
    View,
)
from games.catherine.narration import describe_event
from games.catherine.notation import OPTIONAL_WORDS, Notation
from games.modular import ModularGame


class Catherine(ModularGame[State, Move, View, Data]):
    id = "catherine"
    names: ClassVar[dict[str, str]] = {
        "en": "Catherine: The Cities of the Tsarina",
        "ja": "キャサリン ― ツァリーナの都市",
    }
    min_players = 2
    max_players = 4
    state_type = State
    move_types = MOVE_TYPES
    optional_words = OPTIONAL_WORDS
    options_type = Options
    move_groups = present.MOVE_GROUPS
    commands = present.COMMANDS
    renderer = "render.catherine:render"
    rules_summary: ClassVar[dict[str, str]] = present.RULES
    present_module = present
    sample_module = sample
    estimate_module = estimate
    ai_module = ai
    position_module = position

    def glossary(self) -> tuple[GlossaryEntry, ...]:
        return catherine_glossary(self.data)

    def __init__(self, data: Data = DATA) -> None:
        self.data = data
        self.notation_module = Notation(data)
        self._last: tuple[State, str, list[Move]] | None = None

    def with_data(self, text: str, *, source: str) -> Catherine:
        return Catherine(load_data(text, source))

    # ------------------------------------------------------------ setup

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        players = list(players)
        data = self.data
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                f"Catherine is for 2 to 4 players, not {len(players)}.",
                f"キャサリンは2〜4人用です（{len(players)}人では遊べません）。",
            )
        if len(set(players)) != len(players) or not all(players):
            raise InvalidOptions("Every seat needs its own name.", "各席に別々の名前が必要です。")
        opts: Options = self.validate_options(options)
        n = len(players)
        rng = Rng(seed=seed)
        top = tuple(opts.stack or ())
        unknown = [c for c in top if c not in data.cards]
        if unknown or len(set(top)) != len(top):
            raise InvalidOptions(
                f"stack: {unknown[0] if unknown else 'a repeated card'} is not a plan card id.",
                "stack: 計画カードのIDが不正です。",
            )
        rng, shuffled = rng.shuffled([c for c in data.deck if c not in top])
        deck = [*top, *shuffled]
        if opts.orders is not None:
            if len(opts.orders) != n or not set(opts.orders) <= set(data.orders):
                raise InvalidOptions(
                    "orders: one order card id per seat.", "orders: 席ごとに命令カードIDを1つ。"
                )
            orders = list(opts.orders)
        else:
            rng, dealt = rng.shuffled(sorted(data.orders))
            orders = list(dealt[:n])
        deal = data.rules.deal
        seats = tuple(
            PlayerState(
                id=p,
                hand=tuple(deck[i * deal : (i + 1) * deal]),
                order=orders[i],
            )
            for i, p in enumerate(players)
        )
        return State(
            options=opts,
            rng=rng,
            players=seats,
            deck=tuple(deck[n * deal :]),
            city_tiles={c.id: n for c in data.cities if c.goods is not None},
            jokers=0 if n == 2 else data.rules.jokers,
            events=(
                Event(
                    kind="start",
                    data={"players": players, "orders": dict(zip(players, orders, strict=True))},
                ),
            ),
        )

    # ------------------------------------------------------------ playing

    def players(self, state: State) -> tuple[str, ...]:
        return tuple(p.id for p in state.players)

    def _seat(self, state: State, player: str | None) -> int:
        for index, p in enumerate(state.players):
            if p.id == player:
                return index
        return -1

    def to_act(self, state: State) -> frozenset[str]:
        phase = state.phase
        if phase == "setup":
            return frozenset(p.id for p in state.players if not p.chosen)
        if phase == "place":
            return frozenset(p.id for p in state.players if len(p.chosen) < 2)
        if phase == "over":
            return frozenset()
        return frozenset(p.id for p in state.players if p.todo)

    def check_turn(self, state: State, player: str) -> None:
        seat = self._seat(state, player)
        if seat >= 0 and state.phase in ("setup", "place") and player not in self.to_act(state):
            raise NotYourTurn(
                "You have made your choice; waiting for the others.",
                "選択済みです。他のプレイヤーを待っています。",
            )
        super().check_turn(state, player)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        last = self._last
        if last is not None and last[0] is state and last[1] == player:
            return list(last[2])
        seat = self._seat(state, player)
        if seat < 0 or state.phase == "over":
            return []
        moves = rules.legal_moves(self.data, state, seat)
        self._last = (state, player, moves)
        return list(moves)

    def apply(self, state: State, player: str, move: Move) -> State:
        self.check_move_type(move)
        self.check_turn(state, player)
        legal = self.legal_moves(state, player)
        # Identity first: a move taken from legal_moves is found without comparing models.
        if not any(m is move for m in legal) and move not in legal:
            raise rules.explain(self.data, state, self._seat(state, player), move)
        return rules.apply_move(self.data, state, self._seat(state, player), move)

    def describe(
        self, event: Event, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        # Not left to ModularGame: this narration needs the data set (card and city names).
        return describe_event(self.data, event, lang, names or {})

    def kernel(self, state: State) -> Kernel:
        return Kernel(state, self.data)

    def search_settings(self, players: int) -> Mapping[str, Any]:
        # Measured with these (docs/games/catherine.md, "The strong AI"): greedy's best six moves,
        # playouts cut after 24 moves (about three rounds at 2 seats) and scored by `evaluate`.
        return {"candidates": 6, "halving_every": 4, "playout_moves": 24, "margin_scale": 8.0}

    # ------------------------------------------------------------ what players may see

    def view(self, state: State, viewer: str | None) -> View:
        data = self.data
        players = []
        for seat, p in enumerate(state.players):
            mine = p.id == viewer
            step = data.track[p.favour]
            players.append(
                PlayerView(
                    id=p.id,
                    seat=seat,
                    vp=p.vp,
                    favour=p.favour,
                    hand_limit=step.hand_limit,
                    interim_vp=step.vp,
                    multiplier=step.multiplier,
                    hand_size=len(p.hand),
                    hand=p.hand if mine else None,
                    row=p.row,
                    below=p.below,
                    houses=p.houses,
                    supply=data.rules.houses - len(p.houses),
                    tiles=p.tiles,
                    jokers=p.jokers,
                    order=p.order,
                    own=tuple(rules.own(data, p.row, p.tiles)),
                    network=rules.network(data, p.houses),
                    placed=len(p.chosen) >= (1 if state.phase == "setup" else 2),
                    chosen=p.chosen if mine else None,
                    slot=p.slot if mine else None,
                    todo=p.todo,
                    active=p.active,
                    breakdown=p.breakdown,
                    discarded=p.discarded,
                )
            )
        per = data.rules.rounds_per_decade
        return View(
            viewer=viewer,
            phase=state.phase,
            round=state.round,
            decade=max(1, (state.round - 1) // per + 1),
            to_act=tuple(p for p in self.players(state) if p in self.to_act(state)),
            players=tuple(players),
            deck_count=len(state.deck),
            discard_count=len(state.discard),
            city_tiles=state.city_tiles,
            jokers=state.jokers,
            finished=state.phase == "over",
            events=tuple(e for e in state.events if e.private_to is None or e.private_to == viewer),
            outcome=self.outcome(state),
        )

    # ------------------------------------------------------------ the end

    def score_series(self, states: Sequence[State]) -> ScoreChart | None:
        return chart.score_series(states)

    def reveals(self, before: State, after: State) -> bool:
        """Hidden here: the deck (any draw shows a card to someone), the random draws and the
        secret choices of the setup and placing phases (revealed when the last seat chooses)."""
        return (
            before.phase in ("setup", "place")
            or len(self.to_act(before)) > 1
            or before.deck != after.deck
            or before.rng != after.rng
        )

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        # B15: the rulebook has no tie-break, so equal totals share the place.
        entries = [(p.id, p.vp, (), dict(p.breakdown)) for p in state.players]
        return Outcome(standings=rank_standings(entries))


GAME = Catherine()
