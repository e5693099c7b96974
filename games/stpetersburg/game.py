"""The Sankt Petersburg game object: setup, options, views and outcome behind the game contract."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from games.adapters import GlossaryEntry, Offer
from games.base import Event, InvalidOptions, Outcome, Rng, ScoreChart, rank_standings
from games.fastbuild import build
from games.modular import ModularGame
from games.position import Sight
from games.stpetersburg import (
    ai,
    chart,
    effects,
    narration,
    notation,
    position,
    present,
    rules,
    sample,
)
from games.stpetersburg.data import (
    BOARD_SIZE,
    CARDS,
    HAND_PENALTY,
    PHASES,
    RUBLES_PER_FINAL_POINT,
    SCORINGS,
    STACKS,
    STARTING_MONEY,
    StackId,
    aristocrat_bonus,
    card_key,
    full_deck,
)
from games.stpetersburg.glossary import glossary as cards_glossary
from games.stpetersburg.kernel import Kernel
from games.stpetersburg.models import (
    MOVE_TYPES,
    Move,
    Options,
    PlayerState,
    PlayerView,
    Price,
    State,
    View,
    Yield,
)
from games.stpetersburg.notation import OPTIONAL_WORDS

# The exact move classes: a type lookup in a set is cheaper than isinstance over the tuple.
_MOVE_CLASSES = frozenset(MOVE_TYPES)
# seat id -> the frozenset holding only it (to_act's answer); immutable, so one per seat is shared.
_ACTING: dict[str, frozenset[str]] = {}


def _acting(seat_id: str) -> frozenset[str]:
    found = _ACTING.get(seat_id)
    if found is None:
        if len(_ACTING) >= 4096:
            _ACTING.clear()
        found = _ACTING[seat_id] = frozenset((seat_id,))
    return found


_DEFAULT_OPTIONS = Options()

# How many start-player markers each seat holds, by player count (digest §1.2).
MARKER_SHARES = {1: (4,), 2: (2, 2), 3: (2, 1, 1), 4: (1, 1, 1, 1)}


@lru_cache(maxsize=1024)
def _yield(phase: StackId, money: int, points: int) -> Yield:
    """One shared Yield per content (immutable, and views repeat them on every board)."""
    return build(Yield, {"phase": phase, "money": money, "points": points})


@lru_cache(maxsize=4096)
def _price(
    source: str, card: str, old: bool, target: str | None, cost: int, affordable: bool
) -> Price:
    """One shared Price per content, like `_yield`."""
    return build(
        Price,
        {
            "source": source,
            "card": card,
            "old": old,
            "target": target,
            "cost": cost,
            "affordable": affordable,
        },
    )


class StPetersburg(ModularGame[State, Move, View, None]):
    id = "stpetersburg"
    names: ClassVar[dict[str, str]] = {"en": "Sankt Petersburg", "ja": "サンクトペテルブルグ"}
    min_players = 1
    max_players = 4
    state_type = State
    move_types = MOVE_TYPES
    optional_words = OPTIONAL_WORDS
    options_type = Options
    move_groups = present.MOVE_GROUPS
    commands = present.COMMANDS
    renderer = "render.stpetersburg:render"
    rules_summary: ClassVar[dict[str, str]] = present.RULES
    notation_module = notation
    narration_module = narration
    ai_module = ai

    def glossary(self) -> tuple[GlossaryEntry, ...]:
        return cards_glossary()

    # ------------------------------------------------------------ setup

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                f"Sankt Petersburg is for 1 to 4 players, not {len(players)}.",
                f"サンクトペテルブルグは1〜4人用です（{len(players)}人では遊べません）。",
            )
        if len(set(players)) != len(players) or not all(players):
            raise InvalidOptions("Every seat needs its own name.", "各席に別々の名前が必要です。")
        opts = self._options(options or {}, len(players))
        rng = Rng(seed=seed)
        stacks: dict[StackId, tuple[str, ...]] = {}
        for stack in STACKS:
            rest = list(full_deck(stack))
            top = (opts.stack or {}).get(stack, ())
            for card in top:
                rest.remove(card)
            rng, shuffled = rng.shuffled(rest)
            stacks[stack] = (*top, *shuffled)
        if opts.start_markers is not None:
            markers = dict(opts.start_markers)
        else:
            rng, markers = self._deal_markers(rng, len(players))
        n = len(players)
        first_deal = 2 * n
        dealt = stacks["workers"][:first_deal]
        # Every value below is already of its field's type: built without re-validation, like
        # every state apply makes (the conformance tests compare states with their JSON).
        return build(
            State,
            {
                "game": "stpetersburg",
                "options": opts,
                "rng": rng,
                "players": tuple(
                    build(
                        PlayerState,
                        {
                            "id": p,
                            "money": STARTING_MONEY,
                            "points": 0,
                            "hand": (),
                            "area": (),
                            "observatories_used": 0,
                        },
                    )
                    for p in players
                ),
                "stacks": {**stacks, "workers": stacks["workers"][first_deal:]},
                "board": (
                    *(rules.BOARD_CARDS[c, False] for c in dealt),
                    *(None,) * (BOARD_SIZE - first_deal),
                ),
                "discard": (),
                "round": 1,
                "phase": "workers",
                "markers": markers,
                "turn": markers["workers"],
                "passes": 0,
                "pending": None,
                "finished": False,
                "events": (
                    Event(
                        kind="start",
                        data={
                            "players": players,
                            "start": players[markers["workers"]],
                            "cards": list(dealt),
                            "public_money": opts.public_money,
                        },
                    ),
                ),
                "moves_played": 0,
            },
        )

    def _options(self, options: Mapping[str, Any], n: int) -> Options:
        if not options:
            return _DEFAULT_OPTIONS  # immutable: one instance serves every game
        opts: Options = self.validate_options(options)
        if opts.start_markers is not None:
            markers = opts.start_markers
            if set(markers) != set(PHASES) or not all(0 <= s < n for s in markers.values()):
                raise InvalidOptions(
                    "start_markers must give a seat number (0 to players−1) for each of: "
                    "workers, buildings, aristocrats, trading.",
                    "start_markers には workers, buildings, aristocrats, trading それぞれの席番号が必要です。",
                )
            shares = tuple(
                sorted((list(markers.values()).count(s) for s in range(n)), reverse=True)
            )
            if shares != MARKER_SHARES[n]:
                raise InvalidOptions(
                    f"With {n} players the markers are shared {MARKER_SHARES[n]}.",
                    f"{n}人のときのマーカーの配分は {MARKER_SHARES[n]} です。",
                )
        if opts.stack is not None:
            stacked: dict[StackId, tuple[str, ...]] = {}
            for stack, names in opts.stack.items():
                keys = []
                for name in names:
                    key = card_key(name)
                    if key is None or CARDS[key].stack != stack:
                        raise InvalidOptions(
                            f"stack.{stack}: {name!r} is not a card of that stack.",
                            f"stack.{stack}: 「{name}」はその山のカードではありません。",
                        )
                    keys.append(key)
                    if keys.count(key) > CARDS[key].copies:
                        raise InvalidOptions(
                            f"stack.{stack}: there are only {CARDS[key].copies} × {CARDS[key].en}.",
                            f"stack.{stack}: {CARDS[key].ja}は{CARDS[key].copies}枚しかありません。",
                        )
                stacked[stack] = tuple(keys)
            opts = opts.model_copy(update={"stack": stacked})
        return opts

    @staticmethod
    def _deal_markers(rng: Rng, n: int) -> tuple[Rng, dict[StackId, int]]:
        holders = [seat for seat, share in enumerate(MARKER_SHARES[n]) for _ in range(share)]
        if n == 3:
            # The rulebook gives the second marker to the youngest player; we draw that player.
            rng, youngest = rng.randrange(3)
            holders = [0, 1, 2, youngest]
        rng, dealt = rng.shuffled(holders)
        return rng, dict(zip(PHASES, dealt, strict=True))

    # ------------------------------------------------------------ playing

    def players(self, state: State) -> tuple[str, ...]:
        return tuple(p.id for p in state.players)

    def _seat(self, state: State, player: str) -> int:
        if state.players[state.turn].id == player:
            return state.turn  # nearly always: the seat whose turn it is
        for index, p in enumerate(state.players):
            if p.id == player:
                return index
        return -1

    def to_act(self, state: State) -> frozenset[str]:
        if state.finished:
            return frozenset()
        seat = state.pending.seat if state.pending is not None else state.turn
        return _acting(state.players[seat].id)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if state.finished:
            return []
        pending = state.pending
        seat = pending.seat if pending is not None else state.turn
        if state.players[seat].id != player:
            return []  # only one seat may act at a time: every other seat has no move
        return rules.legal_moves(state, seat)

    def apply(self, state: State, player: str, move: Move) -> State:
        if type(move) not in _MOVE_CLASSES:
            self.check_move_type(move)
        # The one seat that may act; anything else gets the contract's own refusal.
        pending = state.pending
        seat = pending.seat if pending is not None else state.turn
        if state.finished or state.players[seat].id != player:
            self.check_turn(state, player)
            raise AssertionError("check_turn accepted a seat that may not act")
        if not rules.is_legal(state, seat, move):
            raise rules.explain(state, seat, move)
        return effects.apply_move(state, seat, move)

    # ------------------------------------------------------------ what the adapters show
    # Sankt Petersburg's modules take no data set (its cards are fixed), so these four are its own.

    def offers(self, view: View, moves: Sequence[Move], *, lang: str = "en") -> list[Offer]:
        return present.offers(view, moves, lang)

    def board_text(
        self, view: View, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        return present.board_text(view, lang, names or {})

    def sample_state(self, view: View, seat: str, rng: random.Random) -> State:
        return sample.sample_state(view, seat, rng)

    def evaluate(self, state: State) -> dict[str, float]:
        return ai.estimate_scores(state)

    def kernel(self, state: State) -> Kernel:
        return Kernel.of(state)

    def search_settings(self, players: int) -> Mapping[str, Any]:
        # Playouts look 12 moves a seat ahead at 1-2 players (with 2, the search's default 24
        # moves), 24 at 3-4: on tuning seeds at 3 players and 100 playouts that took the strong
        # seat from 70 % to 88 % of 60 games against greedy (playouts to the end: 92 %, at
        # 1.6x the CPU). A cut-off estimate nearer than the end of the next round misleads it.
        return {"playout_moves_per_seat": 12 if players <= 2 else 24}

    # ------------------------------------------------------------ what players may see

    def view(self, state: State, viewer: str | None) -> View:
        # Built without re-validation (every value below is already of its field's type): a
        # view is made for every board, button and hand the service shows. A test checks that
        # views equal their own JSON round trip.
        public_money = state.options.public_money or len(state.players) == 1 or state.finished
        markers = state.markers
        players = []
        for seat, p in enumerate(state.players):
            own = p.id == viewer
            held = rules.holdings(p.area)
            players.append(
                build(
                    PlayerView,
                    {
                        "id": p.id,
                        "seat": seat,
                        "points": p.points,
                        "money": p.money if own or public_money else None,
                        "hand_size": len(p.hand),
                        "hand": p.hand if own else None,
                        "hand_limit": held.hand_limit,
                        "area": p.area,
                        "observatories_used": p.observatories_used,
                        "markers": tuple(ph for ph in PHASES if markers[ph] == seat),
                        "yields": tuple(
                            _yield(phase, *held.scoring(colour, p.observatories_used))
                            for phase, colour in SCORINGS
                        ),
                        "aristocrat_kinds": len(rules.aristocrat_kinds(p)),
                    },
                )
            )
        seat = self._seat(state, viewer) if viewer is not None else -1
        return build(
            View,
            {
                "game": "stpetersburg",
                "viewer": viewer,
                "public_money": public_money,
                "round": state.round,
                "phase": state.phase,
                "to_act": tuple(sorted(self.to_act(state), key=self.players(state).index)),
                "board": state.board,
                "stack_counts": {s: len(state.stacks[s]) for s in STACKS},
                "discard_count": len(state.discard),
                "players": tuple(players),
                "pending": state.pending,
                "last_round": any(not state.stacks[s] for s in STACKS),
                "finished": state.finished,
                "passes": state.passes,
                "prices": self._prices(state, seat) if seat >= 0 else (),
                "events": tuple(
                    e for e in state.events if e.private_to is None or e.private_to == viewer
                ),
                "outcome": self.outcome(state),
            },
        )

    @staticmethod
    def _prices(state: State, seat: int) -> tuple[Price, ...]:
        player = state.players[seat]
        sources: list[tuple[str, str, bool]] = [
            ("board", card, old) for card, old in rules.seen_in_order(state.board)
        ]
        sources += [("hand", card, False) for card in dict.fromkeys(player.hand)]
        if (
            state.pending is not None
            and state.pending.seat == seat
            and state.pending.card is not None
        ):
            sources.append(("drawn", state.pending.card, False))
        held = rules.holdings(player.area)
        money = player.money
        return tuple(
            _price(source, card, old, target, price, price <= money)
            for source, card, old in sources
            for target, price in held.offers(card, old)
        )

    # ------------------------------------------------------------ positions as text

    def position_text(self, state: State) -> str:
        return position.position_text(state)

    def view_text(self, state: State, viewer: str | None) -> str:
        return position.position_text(state, Sight.of(self.players(state), viewer))

    def from_position(self, text: str) -> State:
        return position.from_position(text)

    def check(self, state: State) -> list[str]:
        return position.check(state)

    # ------------------------------------------------------------ the end

    def score_series(self, states: Sequence[State]) -> ScoreChart | None:
        return chart.score_series(states, self.outcome(states[-1]) if states else None)

    def reveals(self, before: State, after: State) -> bool:
        """Hidden here: the order of the stacks (a refill or an Observatory draw shows cards) and
        the random draws; secret money changes only by what the move itself shows."""
        return before.stacks != after.stacks or before.rng != after.rng

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        entries = []
        for p in state.players:
            kinds = len(rules.aristocrat_kinds(p))
            breakdown = {
                "track": p.points,
                "aristocrat_kinds": kinds,
                "aristocrats": aristocrat_bonus(kinds),
                "money_points": p.money // RUBLES_PER_FINAL_POINT,
                "hand_cards": len(p.hand),
                "hand_penalty": -HAND_PENALTY * len(p.hand),
                "money": p.money,
                "rounds": state.round,
            }
            total = (
                breakdown["track"]
                + breakdown["aristocrats"]
                + breakdown["money_points"]
                + breakdown["hand_penalty"]
            )
            entries.append((p.id, total, (p.money,), breakdown))
        return Outcome(standings=rank_standings(entries), solo=len(state.players) == 1)


GAME = StPetersburg()
