"""The Catan card game object: setup, views and outcome behind the game contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.adapters import GlossaryEntry
from games.base import (
    Event,
    InvalidOptions,
    Outcome,
    Rng,
    ScoreChart,
    rank_standings,
)
from games.catan import (
    ai,
    estimate,
    history,
    narration,
    notation,
    position,
    present,
    rules,
    sample,
)
from games.catan.data import RESOURCES, CatanData, Pool, load, pool, shipped
from games.catan.glossary import glossary as catan_glossary
from games.catan.kernel import Kernel
from games.catan.models import (
    MOVE_TYPES,
    Building,
    BuildingView,
    Move,
    Options,
    PlayerState,
    PlayerView,
    State,
    View,
)
from games.catan.notation import OPTIONAL_WORDS, RESOURCE_NAMES
from games.modular import ModularGame

# The strong AI's knobs for this game (see `games.search.SearchSettings`); scores are VP, so a
# margin of a couple of VP already decides most games.
SEARCH_SETTINGS: Mapping[str, Any] = {"margin_scale": 2.0, "playout_moves": 24}


class Catan(ModularGame[State, Move, View, CatanData]):
    id = "catan"
    names: ClassVar[dict[str, str]] = {
        "en": "Catan – the fast card game",
        "ja": "カタン 高速カードゲーム",
    }
    min_players = 2
    max_players = 6
    state_type = State
    move_types = MOVE_TYPES
    optional_words = OPTIONAL_WORDS
    options_type = Options
    move_groups = present.MOVE_GROUPS
    commands = present.COMMANDS
    renderer = "render.catan:render"
    rules_summary: ClassVar[dict[str, str]] = present.RULES
    notation_module = notation
    narration_module = narration
    present_module = present
    sample_module = sample
    estimate_module = estimate
    ai_module = ai
    position_module = position

    def glossary(self) -> tuple[GlossaryEntry, ...]:
        return catan_glossary(self.data)

    def __init__(self, data: CatanData | None = None) -> None:
        self.data = data if data is not None else shipped()
        # The last legal-move list computed, by state identity: apply after legal_moves on the
        # same state (bench, AI, service) does not enumerate payments twice.
        self._cache: tuple[State, int, list[Move]] | None = None

    def with_data(self, text: str, *, source: str) -> Catan:
        return Catan(load(text, source))

    # ------------------------------------------------------------ setup

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                f"Catan – the fast card game is for 2 to 6 players, not {len(players)}.",
                f"カタン 高速カードゲームは2〜6人用です（{len(players)}人では遊べません）。",
            )
        if len(set(players)) != len(players) or not all(players):
            raise InvalidOptions("Every seat needs its own name.", "各席に別々の名前が必要です。")
        opts: Options = self.validate_options(options)
        n = len(players)
        cards = pool(self.data, n)
        rng = Rng(seed=seed)
        rng, resources = rng.shuffled(cards.resources)
        rng, settlements = rng.shuffled(cards.settlements)
        draw_pile = self._stacked(list(resources), opts, "draw", cards)
        settlement_stack = self._stacked(list(settlements), opts, "settlements", cards)
        size = self.data.constants.market_size
        market, draw_pile = draw_pile[:size], draw_pile[size:]
        hands = []
        deal = self.data.constants.start_hand
        for index in range(n):
            dealt = draw_pile[index * deal : (index + 1) * deal]
            hands.append(tuple(dealt.count(r) for r in RESOURCES))
        draw_pile = draw_pile[n * deal :]
        if opts.start is not None:
            if not 0 <= opts.start < n:
                raise InvalidOptions("start must be a seat number.", "start は席番号です。")
            start = opts.start
        else:
            rng, start = rng.randrange(n)
        state = State(
            options=opts,
            rng=rng,
            players=tuple(
                PlayerState(
                    id=p,
                    hand=hands[i],
                    roads=1,
                    buildings=(Building(event=settlement_stack[i]),),
                )
                for i, p in enumerate(players)
            ),
            draw_pile=tuple(draw_pile),
            market=tuple(market),
            discard=(),
            road_stack=cards.roads - n,
            knight_stack=cards.knights,
            settlement_stack=tuple(settlement_stack[n:]),
            expansions=cards.expansions,
            white_up=self.data.destiny.initial_side == "white",
            turn=start,
            allowance=1,
            owed=(0,) * n,
            events=(
                Event(
                    kind="start",
                    data={"players": players, "start": players[start], "market": list(market)},
                ),
            ),
        )
        return state

    @staticmethod
    def _stacked(items: list[Any], opts: Options, name: str, cards: Pool) -> list[Any]:
        """`items` with the option's named cards moved to the top, in the order given."""
        top = list((opts.stack or {}).get(name, ()))  # type: ignore[call-overload]
        allowed = RESOURCES if name == "draw" else ("robber", "market_day")
        aliases = {v: k for k, v in RESOURCE_NAMES["ja"].items()}
        top = [aliases.get(t, t) for t in top]
        for card in top:
            if card not in allowed or card not in items:
                raise InvalidOptions(
                    f"stack.{name}: no {card!r} left to put on top.",
                    f"stack.{name}: 「{card}」はもうありません。",
                )
            items.remove(card)
        return top + items

    # ------------------------------------------------------------ playing

    def players(self, state: State) -> tuple[str, ...]:
        return tuple(p.id for p in state.players)

    def _seat(self, state: State, player: str | None) -> int:
        for index, p in enumerate(state.players):
            if p.id == player:
                return index
        return -1

    def check_turn(self, state: State, player: str) -> None:
        """The contract's guard (game over, unknown seat, not this seat's turn), without building
        the seat lists on every move."""
        acting = state.pending.seat if state.pending is not None else state.turn
        if state.finished or state.players[acting].id != player:
            super().check_turn(state, player)

    def to_act(self, state: State) -> frozenset[str]:
        if state.finished:
            return frozenset()
        seat = state.pending.seat if state.pending is not None else state.turn
        return frozenset((state.players[seat].id,))

    def legal_moves(self, state: State, player: str) -> list[Move]:
        acting = state.pending.seat if state.pending is not None else state.turn
        seat = acting if state.players[acting].id == player else self._seat(state, player)
        if seat < 0:
            return []
        cached = self._cache
        if cached is not None and cached[0] is state and cached[1] == seat:
            return list(cached[2])
        moves = rules.legal_moves(state, seat, self.data)
        self._cache = (state, seat, moves)
        return list(moves)

    def apply(self, state: State, player: str, move: Move) -> State:
        self.check_move_type(move)
        self.check_turn(state, player)
        # check_turn has made sure that `player` is the one seat to act.
        seat = state.pending.seat if state.pending is not None else state.turn
        cached = self._cache
        if cached is not None and cached[0] is state and cached[1] == seat:
            legal = cached[2]  # only read here: no copy needed
        else:
            legal = self.legal_moves(state, player)
        # Moves from legal_moves are shared objects: look for the very object before comparing.
        for known in legal:
            if known is move:
                break
        else:
            if move not in legal:
                raise rules.explain(state, seat, move, self.data)
        return rules.apply_move(state, seat, move, self.data)

    def search_settings(self, players: int) -> Mapping[str, Any]:
        return SEARCH_SETTINGS

    def kernel(self, state: State) -> Kernel:
        return Kernel(state, self.data)

    # ------------------------------------------------------------ what players may see

    def view(self, state: State, viewer: str | None) -> View:
        data = self.data
        players = []
        for seat, p in enumerate(state.players):
            own = p.id == viewer
            players.append(
                PlayerView(
                    id=p.id,
                    seat=seat,
                    vp=rules.vp(p, data),
                    hand_size=sum(p.hand),
                    hand=p.hand if own else None,
                    roads=p.roads,
                    knights=p.knights,
                    allowance=rules.allowance(p),
                    draw_count=data.constants.base_draw + rules.knight_bonus(p),
                    buildings=tuple(
                        BuildingView(
                            city=b.city, event=b.event if b.city else None, expansion=b.expansion
                        )
                        for b in p.buildings
                    ),
                    owed=state.owed[seat] if state.owed else 0,
                )
            )
        pending = state.pending
        looked = None
        if (
            pending is not None
            and pending.kind == "library"
            and pending.target is not None
            and state.players[pending.seat].id == viewer
        ):
            looked = state.players[pending.target].hand
        return View(
            viewer=viewer,
            active=state.players[state.turn].id,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state), key=self.players(state).index)),
            turns=state.turns,
            players=tuple(players),
            market=state.market,
            draw_count=len(state.draw_pile),
            discard=state.discard,
            road_stack=state.road_stack,
            knight_stack=state.knight_stack,
            settlement_stack=len(state.settlement_stack),
            expansions=state.expansions,
            white_up=state.white_up,
            clockwise=data.clockwise(state.white_up),
            allowance=state.allowance,
            exchanges=state.exchanges,
            built=state.built,
            guild_used=state.guild_used,
            library_used=state.library_used,
            university_used=state.university_used,
            pending=pending,
            looked_at=looked,
            finished=state.finished,
            events=tuple(e for e in state.events if e.private_to is None or e.private_to == viewer),
            outcome=self.outcome(state),
        )

    # ------------------------------------------------------------ the end

    def score_series(self, states: Sequence[State]) -> ScoreChart | None:
        return history.score_series(states, self.data)

    def reveals(self, before: State, after: State) -> bool:
        return history.reveals(before, after)

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        entries = []
        for seat, p in enumerate(state.players):
            parts = rules.vp_parts(p, self.data)
            # Only the active player can gain VP, so the winner is alone at the top (§1.11);
            # the others are ranked by VP and may share a place.
            winner = int(seat == state.winner)
            entries.append((p.id, sum(parts.values()), (winner,), parts))
        standings = rank_standings(entries)
        return Outcome(standings=standings)


GAME = Catan()
