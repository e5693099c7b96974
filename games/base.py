"""The game contract every rules engine implements: errors, outcome, events, seeded RNG, resolve.

What a game tells the adapters (options, move presentation, move commands, text board, AI kinds,
renderer) is declared in `games.adapters` and reached through the `Game` methods below.
"""

from __future__ import annotations

import _random
import random
import threading
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from hashlib import sha512
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from games.compiled import use_fresh

# setup.py compiles these with mypyc (listed there too); one edited since runs from source.
COMPILED = ("draws",)
use_fresh("games", Path(__file__).parent, COMPILED)

from games import draws  # noqa: E402

if TYPE_CHECKING:
    from games.adapters import (
        AiKind,
        AiPlayer,
        CommandGroup,
        GameOptions,
        GlossaryEntry,
        MoveCommand,
        MoveGroup,
        Offer,
        OptionSpec,
    )


class GameError(ValueError):
    """A request the game refuses; the message is short and meant for the player.

    `str(error)` is English; `error.message(lang)` gives the player's language where known.
    """

    def __init__(self, en: str, ja: str | None = None) -> None:
        super().__init__(en)
        self.texts = {"en": en, "ja": ja or en}

    def message(self, lang: str = "en") -> str:
        return self.texts.get(lang, self.texts["en"])


class InvalidMove(GameError):
    """Text (or an object) that is not a move of this game at all."""


class IllegalMove(GameError):
    """A well-formed move that the rules do not allow now; the message says why."""

    def __init__(self, en: str, ja: str | None = None, candidates: Sequence[str] = ()) -> None:
        super().__init__(en, ja)
        self.candidates = tuple(candidates)


class NotYourTurn(GameError):
    """The seat is not among those who may act now."""


class GameOver(GameError):
    """The game has ended; no more moves."""


class InvalidOptions(GameError):
    """Options or seats that `new` cannot start a game with."""


class InvalidPosition(GameError):
    """A position text that `Game.from_position` refuses; the message names the part and why."""


class InvalidData(GameError):
    """A component data file (cards, map, board) that fails the game's consistency checks.

    The message names the file, the record and the reason, so a server owner can fix it.
    """


class Frozen(BaseModel):
    """Base of every state, move and view model: immutable, strict about unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Standing(Frozen):
    """One seat's place in the final result."""

    seat: str
    rank: int  # 1 is best; tied seats share a rank
    score: int
    tiebreak: tuple[int, ...] = ()  # compared after score, higher is better
    breakdown: dict[str, int] = {}  # game-specific parts of the score, for display


class Outcome(Frozen):
    """The result of a finished game: standings best first."""

    standings: tuple[Standing, ...]
    solo: bool = False

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.seat for s in self.standings if s.rank == 1)


def rank_standings(
    entries: Iterable[tuple[str, int, tuple[int, ...], dict[str, int]]],
) -> tuple[Standing, ...]:
    """Sort (seat, score, tiebreak, breakdown) entries best first, giving equal keys equal rank."""
    ordered = sorted(entries, key=lambda e: (e[1], e[2]), reverse=True)
    standings: list[Standing] = []
    for index, (seat, score, tiebreak, breakdown) in enumerate(ordered):
        if index and (score, tiebreak) == (standings[-1].score, standings[-1].tiebreak):
            rank = standings[-1].rank
        else:
            rank = index + 1
        standings.append(
            Standing(seat=seat, rank=rank, score=score, tiebreak=tiebreak, breakdown=breakdown)
        )
    return tuple(standings)


class ChartLine(Frozen):
    """One seat's values in a chart panel, one per position of the chart's x axis."""

    seat: str
    values: tuple[int, ...]


class ChartPanel(Frozen):
    """One quantity over the game (points, money, VP), a line per seat; title in en and ja."""

    title: dict[str, str]
    lines: tuple[ChartLine, ...]


class ChartMark(Frozen):
    """A moment marked on the chart (a scoring); an empty label draws a light line only."""

    at: int  # a position on the x axis
    label: dict[str, str] = {}


class ScoreChart(Frozen):
    """What a finished game offers for its end-of-game chart (`Game.score_series`).

    Every panel's lines have one value per x position; `ticks` labels the positions ("" for
    none), `axis` names the axis (en, ja), `marks` are the scoring moments.
    """

    axis: dict[str, str]
    ticks: tuple[str, ...]
    panels: tuple[ChartPanel, ...]
    marks: tuple[ChartMark, ...] = ()


def chart_of(
    samples: Sequence[tuple[str, Mapping[str, Mapping[str, int]]]],
    titles: Mapping[str, dict[str, str]],
    axis: dict[str, str],
    marks: Sequence[ChartMark] = (),
) -> ScoreChart:
    """A chart from samples taken along a game: (tick label, {panel key: {seat: value}}).

    `titles` orders the panels and names them; the seats come from the first sample.
    """
    first = next(iter(titles))
    seats = list(samples[0][1][first])
    panels = tuple(
        ChartPanel(
            title=title,
            lines=tuple(
                ChartLine(seat=seat, values=tuple(sample[key][seat] for _, sample in samples))
                for seat in seats
            ),
        )
        for key, title in titles.items()
    )
    return ScoreChart(
        axis=axis, ticks=tuple(tick for tick, _ in samples), panels=panels, marks=tuple(marks)
    )


class Event(Frozen):
    """Something that happened during one `apply`, for narration.

    `private_to` names the only seat that may see it; None means public. Views filter events,
    so whatever reads a view never sees another player's private event.
    """

    kind: str
    seat: str | None = None
    private_to: str | None = None
    data: dict[str, Any] = {}


class Rng(Frozen):
    """A seeded random source kept inside the state: same seed, same draws, in any process."""

    seed: int
    draws: int = 0

    def _source(self) -> random.Random:
        """A source seeded as `random.Random(f"{seed}:{draws}")` is, stable across runs and hosts.

        Draws are the playouts' hot path, so the source is one `random.Random` per thread,
        reseeded per draw with the integer `random.Random.seed` makes of that string (version 2:
        the UTF-8 bytes followed by their SHA-512), given straight to the C seeding: the same
        generator state, without a new instance and the Python-level seeding per draw.
        `tests/games/test_rng.py` compares the draws with fresh instances seeded by the string.
        """
        key = f"{self.seed}:{self.draws}".encode()
        try:
            source: random.Random = _SOURCES.random
        except AttributeError:
            source = _SOURCES.random = random.Random()
        _seed_c(source, int.from_bytes(key + sha512(key).digest(), "big"))
        return source

    def _next(self) -> Rng:
        """This source after one draw: what `model_copy(update={"draws": ...})` gives (both
        fields set), built without pydantic's generic copying."""
        after = _new_model(Rng)
        _set_model_dict(after, {"seed": self.seed, "draws": self.draws + 1})
        _set_fields_set(after, {"seed", "draws"})
        _set_extra(after, None)
        _set_private(after, None)
        return after

    def shuffled(self, items: Sequence[Any]) -> tuple[Rng, tuple[Any, ...]]:
        """`random.Random.shuffle` of a copy of `items` (`games.draws`: the same draws, compiled)."""
        result = list(items)
        draws.shuffle(self._source().getrandbits, result)
        return self._next(), tuple(result)

    def randrange(self, stop: int) -> tuple[Rng, int]:
        """`random.Random.randrange(stop)` (`games.draws`: the same draw, compiled)."""
        if stop <= 0:
            raise ValueError("empty range for randrange()")
        value = draws.below(self._source().getrandbits, stop)
        return self._next(), value


# Rng's per-thread source and the C seeding it is given (see `Rng._source`).
_SOURCES = threading.local()
_seed_c = _random.Random.seed
# A frozen model's slots, set through pydantic's own descriptors (as games.fastbuild does; that
# module imports this one, so Rng cannot use it).
_new_model = object.__new__
_set_model_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` with the English noun in the number it takes: "1 card", "2 cards", "0 cards"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def normalise(text: str) -> str:
    """Fold case, width and spacing so that typed input compares with notation."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = text.replace(">", " > ")
    return " ".join(text.split())


class Kernel(Protocol):
    """One state on a mutable scratch table, for the search's greedy playouts (`Game.kernel`).

    It must answer exactly as the contract does, so that a playout is the same game either
    way: `finished` is true once `outcome` would not be None; `legal()` lists the moves of the
    seat to act (the first in seat order when several may) as `legal_moves` does (same moves,
    same order); `greedy(rng)` is the move the game's greedy AI would choose for that seat,
    drawing from `rng` as it does; `play` plays a move from either (unchecked: nothing else is
    ever played); `state()` is the state that `apply` would have reached, except that its
    `events` are empty. A game's tests compare both move for move.
    """

    finished: bool

    def legal(self) -> list[Any]: ...

    def greedy(self, rng: random.Random) -> Any: ...

    def play(self, move: Any) -> None: ...

    def state(self) -> Any: ...


StateT = TypeVar("StateT", bound=BaseModel)
MoveT = TypeVar("MoveT", bound=BaseModel)
ViewT = TypeVar("ViewT", bound=BaseModel)


class Game(ABC, Generic[StateT, MoveT, ViewT]):
    """One game behind the common contract; see design.md section 3."""

    id: ClassVar[str]
    names: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type[BaseModel]]
    move_types: ClassVar[tuple[type[BaseModel], ...]]
    langs: ClassVar[tuple[str, ...]] = ("en", "ja")
    # Words a player may leave out when typing a move (e.g. "old"): resolve skips them.
    optional_words: ClassVar[frozenset[str]] = frozenset()

    # ---- what the adapters need (games.adapters declares the types)
    # The options model: `/start` is built from its offered fields; `new` validates through it.
    options_type: ClassVar[type[GameOptions]]
    # How legal moves are grouped into menus and buttons (see `offers`).
    move_groups: ClassVar[tuple[MoveGroup, ...]] = ()
    # The game's per-move slash commands; None: only `/move` and the board's controls.
    commands: ClassVar[CommandGroup | None] = None
    # "module:function" drawing a view as PNG bytes: `render(view, *, lang, scale, names)`.
    renderer: ClassVar[str | None] = None
    # A short summary of the rules per language, for `/rules` (Markdown, ≤ 1,500 characters).
    rules_summary: ClassVar[dict[str, str]] = {}

    @abstractmethod
    def new(
        self, players: Sequence[str], *, seed: int, options: Mapping[str, Any] | None = None
    ) -> StateT: ...

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[str]: ...

    @abstractmethod
    def legal_moves(self, state: StateT, player: str) -> list[MoveT]: ...

    @abstractmethod
    def apply(self, state: StateT, player: str, move: MoveT) -> StateT: ...

    @abstractmethod
    def parse(self, text: str) -> MoveT: ...

    @abstractmethod
    def format(self, move: MoveT, *, lang: str = "en") -> str: ...

    @abstractmethod
    def view(self, state: StateT, viewer: str | None) -> ViewT: ...

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None: ...

    @abstractmethod
    def describe(
        self, event: Event, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        """One event in words, in the given language; `names` maps seat ids to display names."""

    @abstractmethod
    def players(self, state: StateT) -> tuple[str, ...]:
        """The seats of this game in seat order."""

    @abstractmethod
    def board_text(
        self, view: ViewT, *, lang: str = "en", names: Mapping[str, str] | None = None
    ) -> str:
        """A plain-text picture of a view (console `/status`, image alt text); like str(board).

        Shows exactly what the view holds: a private view adds the viewer's own secrets.
        """

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The options players may set at `/start`, derived from `options_type`."""
        from games.adapters import option_specs

        return option_specs(self.options_type)

    def validate_options(self, options: Mapping[str, Any] | None) -> Any:
        """Options as the game's model; InvalidOptions naming the option and what is allowed."""
        from games.adapters import validate_options

        return validate_options(self.options_type, options or {})

    def offers(self, view: ViewT, moves: Sequence[MoveT], *, lang: str = "en") -> list[Offer]:
        """The seat's legal moves as controls, one per move in the same order.

        `view` is that seat's own view. The default groups by the move's `kind`, labels with
        `format`, and shows nothing publicly (the safe choice for hidden information).
        """
        from games.adapters import Offer

        return [
            Offer(
                move=self.format(move),
                group=str(getattr(move, "kind", "move")),
                label=self.format(move, lang=lang),
            )
            for move in moves
        ]

    def command_text(self, command: MoveCommand, values: Mapping[str, object]) -> str:
        """The move text a move command means: a whole move given in a "move" option, else the
        command's template filled with the options."""
        from games.adapters import fill_template

        for param in command.params:
            value = values.get(param.name)
            if param.kind == "move" and isinstance(value, str) and value.strip():
                try:
                    self.parse(value)
                except InvalidMove:
                    continue
                return value
        return fill_template(command.template, values)

    def glossary(self) -> tuple[GlossaryEntry, ...]:
        """What `/card` can explain: one `games.adapters.GlossaryEntry` per card, building or
        tile, in a stable order. The default, for a game without one: no entries."""
        return ()

    def ai_kinds(self) -> tuple[AiKind, ...]:
        """The computer players this game offers, the default first. Every game has `random`;
        a game that implements `sample_state` also offers `games.search.STRONG_AI` (`strong`)."""
        from games.adapters import RANDOM_AI

        return (RANDOM_AI,)

    def ai(self, kind: str) -> AiPlayer:
        """A computer player of that kind; InvalidOptions naming the kinds there are."""
        kinds = {k.key: k for k in self.ai_kinds()}
        if kind not in kinds:
            listed = ", ".join(kinds)
            raise InvalidOptions(
                f"No computer player {kind!r} for {self.names['en']}; there are: {listed}.",
                f"{self.names['ja']}に「{kind}」というコンピューターはいません。使えるもの: {listed}",
            )
        player: AiPlayer = kinds[kind].make()
        return player

    def score_series(self, states: Sequence[StateT]) -> ScoreChart | None:
        """The end-of-game chart: what the game shows of each seat's progress (points, money, VP
        per round, its scoring moments marked), from the states of a finished game: the state
        after setup, then after every move, in order (the service replays the move log from the
        seed). The chart is public once the game is over, so it may show what the final scoring
        reveals, never a hand. None (the default): the game offers no chart.
        """
        return None

    def turn_of(self, state: StateT) -> str | None:
        """The seat whose turn it is, in a game where another seat may have to decide something
        inside that turn (a Venedig master builder placing the building the player resolved).
        While it stays that seat's turn, the bot treats its decisions as one (one ping, one
        board edited in place). None (the default): every time a seat comes to act anew is a
        new decision of its own.
        """
        return None

    def reveals(self, before: StateT, after: StateT) -> bool:
        """Whether the move from `before` to `after` made something hidden known to anyone (a
        card drawn, a shuffle or other random draw, a simultaneous choice revealed, a private
        fact told), beyond what the move itself shows. Such a move cannot be taken back (/undo).

        The default errs on the safe side: True when several seats could act (a simultaneous
        choice), when the state's `rng` drew, when a private event was told, and whenever the
        game hides anything at all in `before` or `after` (a seat's view differs from the public
        one). So a game of perfect information gets undo for free; a game with hidden
        information should override this with what its moves really reveal.
        """
        if len(self.to_act(before)) > 1:
            return True
        if getattr(before, "rng", None) != getattr(after, "rng", None):
            return True
        if any(e.private_to is not None for e in self.events(after)):
            return True
        return self._hides_anything(before) or self._hides_anything(after)

    def _hides_anything(self, state: StateT) -> bool:
        public = self.view(state, None).model_dump(exclude={"viewer", "events"})
        return any(
            self.view(state, seat).model_dump(exclude={"viewer", "events"}) != public
            for seat in self.players(state)
        )

    # ---- what the search AI needs (games/search.py)

    def sample_state(self, view: ViewT, seat: str, rng: random.Random) -> StateT | None:
        """A full state consistent with everything `view` (the seat's own view) shows, with the
        hidden parts (stack order, others' hands and secret amounts...) drawn at random from what
        is still unseen; `view(sample, seat) == view` must hold.

        The search AI works only from such samples, never from the true state. The default,
        None, means the game has no search AI.
        """
        return None

    def search_settings(self, players: int) -> Mapping[str, Any]:
        """This game's knobs for the strong AI at a table of `players` seats (field names of
        `games.search.SearchSettings`: candidates, playout_moves, margin_scale...), laid over
        the defaults. Settings passed to a `SearchPlayer` explicitly (a benchmark's, the bot's
        per-move budget) win over these. The default: none, the search's defaults as they are.
        """
        return {}

    def evaluate(self, state: StateT) -> Mapping[str, float] | None:
        """A heuristic estimate of each seat's final score from an unfinished state (in the
        units of `Outcome` scores), so that the search can cut its playouts short.

        The default, None, makes the search play every playout to the end of the game.
        """
        return None

    def kernel(self, state: StateT) -> Kernel | None:
        """A scratch copy of `state` that the search's playouts play forward in place, much
        faster than `apply` (optional: see `Kernel`). The default, None, makes the playouts go
        through `legal_moves` and `apply`.
        """
        return None

    def with_data(self, text: str, *, source: str) -> Game[StateT, MoveT, ViewT]:
        """This game with its component data read from `text` (the format of the game's own
        data file, e.g. a corrected map a server owner has), validated like the shipped file.

        `source` names the file in errors. Raises InvalidData naming file, record and reason.
        Games whose data is all confirmed may keep this default, which takes no data file.
        """
        raise InvalidData(
            f"{source}: {self.names['en']} takes no data file.",
            f"{source}: {self.names['ja']}はデータファイルを使いません。",
        )

    # ---- positions as text (games/position.py holds the shared grammar)

    def position_text(self, state: StateT) -> str:
        """The whole state as one line of text a person can read, a version tag first (like
        chess's FEN): every part in the game's own notation (card names, spaces as on the
        board). Everything but the last apply's `events` (a position is not its history), so
        `from_position(position_text(s)) == s` with `events` empty.

        The default, for a game without its own notation, is the tag `<id>/json` and the
        state's JSON.
        """
        data = state.model_dump_json(exclude={"events"})
        return f"{self.id}/json; state={data}"

    def view_text(self, state: StateT, viewer: str | None) -> str:
        """What `viewer` may see of `state` (None: a spectator) as text, for a game still
        running: like `position_text`, but with every hidden part written as what the view
        shows of it (a hidden card list as its count, `#5`; a secret number as `?`) and no
        random source. Its tag ends in ` view`: it describes many states and cannot be read
        back. Nothing in it may tell two states apart whose `view(state, viewer)` is the same.

        The default writes the view's JSON (tag `<id>/json view`).
        """
        data = self.view(state, viewer).model_dump_json(exclude={"events"})
        return f"{self.id}/json view; view={data}"

    def from_position(self, text: str) -> StateT:
        """The state a position text describes, built through validation only; InvalidPosition
        naming the part on a misspelt or unknown part, an unknown card, a duplicated card or a
        count out of range, and naming the first violation when the state fails `check`."""
        from games.position import Reader, built, json_part

        reader = Reader(text, f"{self.id}/json")
        state: StateT = built(reader, self.state_type, json_part(reader, "state"), self.check)
        return state

    def check(self, state: StateT) -> list[str]:
        """The game's invariants, one named violation per entry ("cards conserved: ...");
        empty when the state is one the rules could have reached, as far as the invariants can
        tell: every component in exactly one place, counts within their limits, the phase
        consistent with who is to act, derived fields consistent with what they derive from.

        Not on the hot path: the store's `verify` and a snapshot's load call it, and tests.
        The default knows no invariants.
        """
        return []

    def load(self, data: str) -> StateT:
        """A state from its JSON form."""
        return self.state_type.model_validate_json(data)  # type: ignore[return-value]

    def events(self, state: StateT) -> tuple[Event, ...]:
        """The events of the last apply (all of them; views filter per viewer)."""
        return tuple(getattr(state, "events", ()))

    def check_turn(self, state: StateT, player: str) -> None:
        """The guard every apply runs first: game over, unknown seat, not this seat's turn."""
        if self.outcome(state) is not None:
            raise GameOver("The game is over.", "ゲームは終了しています。")
        if player not in self.players(state):
            raise NotYourTurn(
                f"{player!r} is not playing in this game.",
                f"{player!r} はこのゲームの参加者ではありません。",
            )
        if player not in self.to_act(state):
            raise NotYourTurn("It is not your turn.", "あなたの手番ではありません。")

    def check_move_type(self, move: object) -> None:
        if not isinstance(move, self.move_types):
            raise InvalidMove(
                f"That is not a move of {self.names['en']}.",
                f"{self.names['ja']}の手ではありません。",
            )

    def resolve(self, state: StateT, player: str, text: str) -> MoveT:
        """What a person typed -> the one legal move it means, or IllegalMove naming candidates.

        Exact notation (in any language) wins. Otherwise each typed word must be the start of
        the matching word of a legal move, in order; the game's optional words may be left out,
        and trailing words may be left off.
        """
        self.check_turn(state, player)
        typed = normalise(text)
        if not typed:
            raise InvalidMove("Type a move.", "手を入力してください。")
        moves = self.legal_moves(state, player)
        forms = [
            (move, [normalise(self.format(move, lang=lang)) for lang in self.langs])
            for move in moves
        ]
        exact = [move for move, texts in forms if typed in texts]
        if exact:
            return exact[0]
        try:
            parsed = self.parse(text)
        except InvalidMove:
            parsed = None
        if parsed is not None and parsed in moves:
            return parsed
        words = typed.split(" ")
        matches = [
            move
            for move, texts in forms
            if any(self._words_match(words, t.split(" ")) for t in texts)
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = [self.format(m) for m in matches]
            listed = ", ".join(shown[:12]) + (" …" if len(shown) > 12 else "")
            raise IllegalMove(
                f"That could mean several moves: {listed}",
                f"複数の手に当てはまります: {listed}",
                candidates=shown,
            )
        if parsed is not None:
            # Well-formed but not legal: let apply's explanation say why.
            self.apply(state, player, parsed)
        raise IllegalMove(
            f"No legal move matches {text.strip()!r}.",
            f"「{text.strip()}」に合う合法手はありません。",
        )

    def _words_match(self, typed: list[str], candidate: list[str]) -> bool:
        position = 0
        for word in typed:
            while position < len(candidate) and not candidate[position].startswith(word):
                if candidate[position] not in self.optional_words:
                    return False
                position += 1
            if position == len(candidate):
                return False
            position += 1
        return True
