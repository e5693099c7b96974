"""The Venedig game object: setup, options, views and outcome behind the game contract."""

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
from games.modular import ModularGame
from games.venedig import (
    ai,
    core,
    estimate,
    history,
    narration,
    notation,
    position,
    present,
    rules,
    sample,
)
from games.venedig import legal as legality
from games.venedig.catalog import Catalog
from games.venedig.data import DATA, TYPES, Data, load
from games.venedig.glossary import glossary as venedig_glossary
from games.venedig.kernel import Kernel
from games.venedig.models import (
    MOVE_TYPES,
    VIRTUAL,
    Move,
    Options,
    PlayerState,
    PlayerView,
    State,
    View,
)
from games.venedig.notation import OPTIONAL_WORDS


class Venedig(ModularGame[State, Move, View, Data]):
    id = "venedig"
    names: ClassVar[dict[str, str]] = {"en": "Venedig", "ja": "ヴェネチア"}
    min_players = 2
    max_players = 5
    state_type = State
    move_types = MOVE_TYPES
    optional_words = OPTIONAL_WORDS
    options_type = Options
    move_groups = present.MOVE_GROUPS
    commands = present.COMMANDS
    renderer = "render.venedig:render"
    rules_summary: ClassVar[dict[str, str]] = present.RULES
    notation_module = notation
    narration_module = narration
    present_module = present
    sample_module = sample
    estimate_module = estimate
    ai_module = ai
    position_module = position

    def glossary(self) -> tuple[GlossaryEntry, ...]:
        return venedig_glossary(self.data)

    def __init__(self, data: Data = DATA) -> None:
        self.data = data
        self.catalog = Catalog(data)
        # The legal moves of the last (state, seat) asked: apply checks the move a caller just
        # picked from them without computing them again.
        self._last: tuple[State, int, list[Move]] | None = None
        self._acting: dict[str, frozenset[str]] = {}

    def with_data(self, text: str, *, source: str) -> Venedig:
        return Venedig(load(text, source))

    # ------------------------------------------------------------ setup

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                f"Venedig is for 2 to 5 players, not {len(players)}.",
                f"ヴェネチアは2〜5人用です（{len(players)}人では遊べません）。",
            )
        if len(set(players)) != len(players) or not all(players) or VIRTUAL in players:
            raise InvalidOptions("Every seat needs its own name.", "各席に別々の名前が必要です。")
        opts: Options = self.validate_options(options)
        data = self.data
        n = len(players)
        rng = Rng(seed=seed)
        cards = [k for k, copies in enumerate(data.cards) for _ in range(copies)]
        hands: list[tuple[int, ...]] = []
        try:
            if opts.hands is not None:
                if len(opts.hands) != n:
                    raise ValueError("one hand per seat")
                for named in opts.hands:
                    hand = tuple(sorted(TYPES.index(t.casefold()) for t in named))
                    for k in hand:
                        cards.remove(k)
                    hands.append(hand)
            top = [TYPES.index(t.casefold()) for t in opts.deck or ()]
            for k in top:
                cards.remove(k)
        except ValueError:
            raise InvalidOptions(
                "hands/deck name more cards of a type than there are, or an unknown type.",
                "hands/deck のカードが多すぎるか、種類名が違います。",
            ) from None
        rng, shuffled = rng.shuffled(cards)
        deck = list(shuffled)
        if not hands:
            for _ in range(n):
                hands.append(tuple(sorted(deck[: data.start_hand])))
                deck = deck[data.start_hand :]
        deck = top + deck
        rng, swamp = rng.shuffled(data.swamp_values)
        rng, treasure = rng.shuffled(data.treasure_values)
        if opts.start is not None:
            if not 0 <= opts.start < n:
                raise InvalidOptions("start must be a seat number.", "start は席番号です。")
            start = opts.start
        else:
            rng, start = rng.randrange(n)
        supply = list(data.pieces)
        for kind, _ in data.preprinted:
            supply[kind] -= 1
        state = State(
            options=opts,
            rng=rng,
            players=tuple(PlayerState(id=p, hand=h) for p, h in zip(players, hands, strict=True)),
            virtual=(0, 0, 0, 0, 0) if n == 2 else None,
            board=data.initial_board(),
            supply=tuple(supply),
            deck=tuple(deck),
            swamp_bag=tuple(swamp),
            treasure=tuple(treasure),
            turn=start,
        )
        events = [
            Event(
                kind="start",
                data={"players": players, "start": players[start], "virtual": n == 2},
            )
        ]
        if n == 2:
            state = rules.virtual_card(state, self.catalog, events)
        return state.model_copy(update={"events": tuple(events)})

    # ------------------------------------------------------------ playing

    def players(self, state: State) -> tuple[str, ...]:
        return tuple(p.id for p in state.players)

    def _seat(self, state: State, player: str) -> int:
        for index, p in enumerate(state.players):
            if p.id == player:
                return index
        return -1

    def turn_of(self, state: State) -> str | None:
        """The player whose turn it is: a master builder placing a building decides inside it."""
        if state.phase == "over" or state.turn >= len(state.players):
            return None
        return state.players[state.turn].id

    def to_act(self, state: State) -> frozenset[str]:
        seat = core.actor(state)
        if seat is None:
            return frozenset()
        seat_id = state.players[seat].id
        acting = self._acting.get(seat_id)
        if acting is None:
            if len(self._acting) > 4096:
                self._acting.clear()
            acting = self._acting[seat_id] = frozenset((seat_id,))
        return acting

    def legal_moves(self, state: State, player: str) -> list[Move]:
        seat = self._seat(state, player)
        if seat < 0:
            return []
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            return list(last[2])
        moves = legality.legal_moves(state, self.catalog, seat)
        self._last = (state, seat, moves)
        return list(moves)

    def apply(self, state: State, player: str, move: Move) -> State:
        self.check_move_type(move)
        seat = self._seat(state, player)
        if state.phase == "over" or seat < 0 or core.actor(state) != seat:
            self.check_turn(state, player)  # raises the contract's error for the case
        last = self._last
        if last is not None and last[0] is state and last[1] == seat:
            legal = last[2]
        else:
            legal = legality.legal_moves(state, self.catalog, seat)
        if not any(m is move for m in legal) and move not in legal:
            raise legality.explain(state, self.catalog, seat, move)
        return rules.apply_move(state, self.catalog, seat, move)

    def kernel(self, state: State) -> Kernel:
        return Kernel(state, self.catalog)

    # ------------------------------------------------------------ what players may see

    def view(self, state: State, viewer: str | None) -> View:
        players = []
        for seat, p in enumerate(state.players):
            own = p.id == viewer
            players.append(
                PlayerView(
                    id=p.id,
                    seat=seat,
                    pos=p.pos,
                    front=p.front,
                    hand_size=len(p.hand),
                    hand=p.hand if own else None,
                    swamp_count=len(p.swamp),
                    treasure_count=len(p.treasure),
                    swamp=p.swamp if own else None,
                    treasure=p.treasure if own else None,
                )
            )
        return View(
            board_id=self.data.key,
            viewer=viewer,
            phase=state.phase,
            turn=state.players[state.turn].id,
            to_act=tuple(sorted(self.to_act(state), key=self.players(state).index)),
            players=tuple(players),
            virtual=state.virtual,
            architects=tuple(
                None if a is None else core.seat_id(state, a) for a in state.architects
            ),
            board=state.board,
            buildings=state.buildings,
            supply=state.supply,
            deck_count=len(state.deck),
            discard=state.discard,
            pool=state.pool,
            swamp_left=len(state.swamp_bag),
            treasure_left=len(state.treasure),
            drained=state.drained,
            locate=state.locate,
            movers=state.movers,
            ending=state.ending,
            finished=state.phase == "over",
            final=state.final,
            events=tuple(e for e in state.events if e.private_to is None or e.private_to == viewer),
            outcome=self.outcome(state),
        )

    # ------------------------------------------------------------ the end

    def score_series(self, states: Sequence[State]) -> ScoreChart | None:
        return history.score_series(states)

    def reveals(self, before: State, after: State) -> bool:
        return history.reveals(before, after)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        final = {f.seat: f for f in state.final}
        entries = []
        for seat, p in enumerate(state.players):
            f = final.get(seat)
            breakdown = {
                "position": p.pos,
                "before_conversion": f.before if f else p.pos,
                "gold": sum(f.values) if f else 0,
                "steps": f.steps if f else 0,
            }
            entries.append((p.id, p.pos, (), breakdown))
        return Outcome(standings=rank_standings(entries))


GAME = Venedig()
