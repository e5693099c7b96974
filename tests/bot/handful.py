"""`handful`: a small card game with the whole adapter contract, hosted by the bot's tests.

Each seat holds a secret hand dealt from a seeded deck of cards 1–9. On a turn a seat plays a
card from its hand (scoring it), draws one (while the deck lasts), or passes; after `turns` turns
each the game ends, and the highest total wins (the lowest with `goal:low`). `open_hands` shows
every hand. It offers bool, int and choice options, a menu and buttons, a command group with
move, int and choice options, a text board, three AI kinds and a renderer (a placeholder PNG).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from games.adapters import (
    RANDOM_AI,
    AiKind,
    CommandGroup,
    GameOptions,
    Label,
    MoveCommand,
    MoveGroup,
    Offer,
    Param,
    internal,
    option,
)
from games.base import (
    Event,
    Frozen,
    Game,
    IllegalMove,
    InvalidMove,
    InvalidOptions,
    Outcome,
    Rng,
    normalise,
    rank_standings,
)

# The smallest valid PNG signature is all the tests look at; the alt text is what matters here.
PLACEHOLDER_PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def render(view: Any, *, lang: str = "en", scale: float = 1.0, names: Any = None) -> bytes:
    """The test game's "renderer" (registered as Game.renderer): a placeholder image."""
    return PLACEHOLDER_PNG


class PlayCard(Frozen):
    kind: Literal["play"] = "play"
    card: int


class Draw(Frozen):
    kind: Literal["draw"] = "draw"


class PassTurn(Frozen):
    kind: Literal["pass"] = "pass"


HandfulMove = Annotated[PlayCard | Draw | PassTurn, Field(discriminator="kind")]


class HandfulOptions(GameOptions):
    open_hands: bool = option(
        False, en="Everyone's hand is open", ja="手札を公開する", ja_name="手札公開"
    )
    turns: int = option(3, en="Turns each seat takes", ja="各席の手番数", ge=1, le=9)
    goal: Literal["high", "low"] = option(
        "high",
        en="Whether the highest or the lowest total wins",
        ja="合計が高い方と低い方のどちらが勝つか",
        labels={"high": ("highest wins", "高い方が勝ち"), "low": ("lowest wins", "低い方が勝ち")},
    )
    deck: tuple[int, ...] | None = internal()  # the deck top first, for set positions


class HandfulState(Frozen):
    game: Literal["handful"] = "handful"
    options: HandfulOptions
    seats: tuple[str, ...]
    rng: Rng
    deck: tuple[int, ...]
    hands: dict[str, tuple[int, ...]]  # secret unless open_hands
    scores: dict[str, int]
    turn: int = 0
    moves_made: int = 0
    events: tuple[Event, ...] = ()


class HandfulView(Frozen):
    game: Literal["handful"] = "handful"
    viewer: str | None
    to_act: tuple[str, ...]
    deck_size: int
    turns_left: int
    goal: str
    hands: dict[str, tuple[int, ...] | None]  # None: hidden from this viewer
    hand_sizes: dict[str, int]
    scores: dict[str, int]
    events: tuple[Event, ...]


class BestCard:
    """Greedy: plays its best card for the goal, else draws, else passes."""

    def choose(self, game: Any, state: HandfulState, seat: str, rng: random.Random) -> Any:
        moves = game.legal_moves(state, seat)
        plays = [m for m in moves if isinstance(m, PlayCard)]
        if plays:
            pick = max if state.options.goal == "high" else min
            return pick(plays, key=lambda m: m.card)
        return moves[0]


class Cautious:
    """A third kind, beyond the two every game has: draws while it can, else passes."""

    def choose(self, game: Any, state: HandfulState, seat: str, rng: random.Random) -> Any:
        return game.legal_moves(state, seat)[-2 if state.deck else -1]


def _texts(en: str, ja: str) -> dict[str, str]:
    return {"en": en, "ja": ja}


COMMANDS = CommandGroup(
    name="handful",
    names=_texts("handful", "ハンドフル"),
    texts=_texts("Handful moves", "ハンドフルの手"),
    commands=(
        MoveCommand(
            name="play",
            names=_texts("play", "出す"),
            texts=_texts("Play a card from your hand", "手札のカードを出す"),
            template="play {card}",
            params=(
                Param(
                    name="card",
                    names=_texts("card", "カード"),
                    texts=_texts("The card", "カード"),
                    kind="move",
                    groups=("play",),
                ),
            ),
        ),
        MoveCommand(
            name="number",
            names=_texts("number", "番号"),
            texts=_texts("Play a card by its number", "番号でカードを出す"),
            template="play {value}",
            params=(
                Param(
                    name="value",
                    names=_texts("value", "値"),
                    texts=_texts("The card's number", "カードの番号"),
                    kind="int",
                    minimum=1,
                    maximum=9,
                ),
            ),
        ),
        MoveCommand(
            name="other",
            names=_texts("other", "その他"),
            texts=_texts("Draw a card or pass", "引くかパス"),
            template="{action}",
            params=(
                Param(
                    name="action",
                    names=_texts("action", "行動"),
                    texts=_texts("What to do", "何をするか"),
                    kind="choice",
                    choices=(
                        Label(value="draw", texts=_texts("draw a card", "1枚引く")),
                        Label(value="pass", texts=_texts("pass", "パス")),
                    ),
                ),
            ),
        ),
    ),
)


class Handful(Game[HandfulState, Any, HandfulView]):
    id = "handful"
    names: ClassVar[dict[str, str]] = {"en": "Handful", "ja": "ハンドフル"}
    min_players = 1
    max_players = 3
    state_type = HandfulState
    move_types = (PlayCard, Draw, PassTurn)
    options_type = HandfulOptions
    move_groups = (
        MoveGroup(key="play", texts=_texts("Play a card", "カードを出す"), menu=True),
        MoveGroup(key="draw", texts=_texts("Draw", "引く"), tone="primary"),
        MoveGroup(key="pass", texts=_texts("Pass", "パス"), tone="danger"),
    )
    commands = COMMANDS
    renderer = "tests.bot.handful:render"
    rules_summary: ClassVar[dict[str, str]] = {
        "en": "**Handful**: play cards from your secret hand; the best total wins.",
        "ja": "**ハンドフル**：秘密の手札からカードを出し、合計で競います。",
    }

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (
            AiKind("greedy", _texts("plays its best card", "一番よいカードを出す"), BestCard),
            RANDOM_AI,
            AiKind("cautious", _texts("draws, never plays", "引くだけ"), Cautious),
        )

    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> HandfulState:
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions("Handful is for 1 to 3 players.", "ハンドフルは1〜3人用です。")
        opts: HandfulOptions = self.validate_options(options)
        rng = Rng(seed=seed)
        if opts.deck is not None:
            deck = opts.deck
        else:
            rng, deck = rng.shuffled([n for n in range(1, 10) for _ in range(3)])
        hands = {}
        for seat in players:
            hands[seat], deck = tuple(deck[:3]), tuple(deck[3:])
        start = Event(kind="start", data={"first": players[0], "players": list(players)})
        return HandfulState(
            options=opts,
            seats=tuple(players),
            rng=rng,
            deck=tuple(deck),
            hands=hands,
            scores={p: 0 for p in players},
            events=(start,),
        )

    def players(self, state: HandfulState) -> tuple[str, ...]:
        return state.seats

    def to_act(self, state: HandfulState) -> frozenset[str]:
        if state.moves_made >= state.options.turns * len(state.seats):
            return frozenset()
        return frozenset((state.seats[state.turn],))

    def legal_moves(self, state: HandfulState, player: str) -> list[Any]:
        if player not in self.to_act(state):
            return []
        moves: list[Any] = [PlayCard(card=c) for c in sorted(set(state.hands[player]))]
        if state.deck:
            moves.append(Draw())
        moves.append(PassTurn())
        return moves

    def apply(self, state: HandfulState, player: str, move: Any) -> HandfulState:
        self.check_move_type(move)
        self.check_turn(state, player)
        if move not in self.legal_moves(state, player):
            raise IllegalMove("You cannot do that now.", "今はそれはできません。")
        update: dict[str, Any] = {
            "turn": (state.turn + 1) % len(state.seats),
            "moves_made": state.moves_made + 1,
        }
        hand = list(state.hands[player])
        if isinstance(move, PlayCard):
            hand.remove(move.card)
            update["scores"] = {**state.scores, player: state.scores[player] + move.card}
            events = (Event(kind="play", seat=player, data={"card": move.card}),)
        elif isinstance(move, Draw):
            hand.append(state.deck[0])
            update["deck"] = state.deck[1:]
            events = (
                Event(kind="draw", seat=player),
                Event(kind="drew", seat=player, private_to=player, data={"card": state.deck[0]}),
            )
        else:
            events = (Event(kind="pass", seat=player),)
        update["hands"] = {**state.hands, player: tuple(hand)}
        update["events"] = events
        return state.model_copy(update=update)

    def parse(self, text: str) -> Any:
        words = normalise(text).split()
        if words in (["pass"], ["パス"]):
            return PassTurn()
        if words in (["draw"], ["引く"]):
            return Draw()
        if len(words) == 2 and words[0] in ("play", "出す") and words[1].isdigit():
            return PlayCard(card=int(words[1]))
        raise InvalidMove(f"Not a Handful move: {text!r}.", f"ハンドフルの手ではありません: {text}")

    def format(self, move: Any, *, lang: str = "en") -> str:
        ja = lang == "ja"
        if isinstance(move, PlayCard):
            return f"{'出す' if ja else 'play'} {move.card}"
        if isinstance(move, Draw):
            return "引く" if ja else "draw"
        return "パス" if ja else "pass"

    def offers(self, view: HandfulView, moves: Sequence[Any], *, lang: str = "en") -> list[Offer]:
        open_hands = all(hand is not None for hand in view.hands.values())
        return [
            Offer(
                move=self.format(move),
                group=move.kind,
                label=self.format(move, lang=lang),
                detail=(f"+{move.card}" if isinstance(move, PlayCard) else None),
                # Playing shows a card of the hand: public only when hands are open anyway.
                public=open_hands or not isinstance(move, PlayCard),
            )
            for move in moves
        ]

    def view(self, state: HandfulState, viewer: str | None) -> HandfulView:
        shown = state.options.open_hands
        return HandfulView(
            viewer=viewer,
            to_act=tuple(sorted(self.to_act(state))),
            deck_size=len(state.deck),
            turns_left=state.options.turns * len(state.seats) - state.moves_made,
            goal=state.options.goal,
            hands={p: h if shown or p == viewer else None for p, h in state.hands.items()},
            hand_sizes={p: len(h) for p, h in state.hands.items()},
            scores=state.scores,
            events=tuple(e for e in state.events if e.private_to in (None, viewer)),
        )

    def board_text(
        self, view: HandfulView, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        names = names or {}
        ja = lang == "ja"
        lines = [
            f"山札 {view.deck_size}枚、残り手番 {view.turns_left}"
            if ja
            else f"Deck {view.deck_size}, turns left {view.turns_left}"
        ]
        for seat, score in view.scores.items():
            hand = view.hands[seat]
            cards = f"{view.hand_sizes[seat]} cards" if hand is None else " ".join(map(str, hand))
            lines.append(f"{names.get(seat, seat)}: {score} – {cards}")
        return "\n".join(lines)

    def outcome(self, state: HandfulState) -> Outcome | None:
        if self.to_act(state):
            return None
        sign = 1 if state.options.goal == "high" else -1
        entries = [(p, sign * state.scores[p], (), {}) for p in state.seats]
        return Outcome(standings=rank_standings(entries), solo=len(state.seats) == 1)

    def describe(
        self, event: Event, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        ja = lang == "ja"
        seat, data = event.seat, event.data
        if event.kind == "start":
            first = data["first"]
            return f"ハンドフル開始：{first}から。" if ja else f"Handful begins: {first} starts."
        if event.kind == "play":
            return (
                f"{seat}は{data['card']}を出しました。" if ja else f"{seat} played {data['card']}."
            )
        if event.kind == "draw":
            return f"{seat}は1枚引きました。" if ja else f"{seat} drew a card."
        if event.kind == "drew":
            return f"{data['card']}を引きました。" if ja else f"You drew a {data['card']}."
        return f"{seat}はパスしました。" if ja else f"{seat} passed."
