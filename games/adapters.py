"""What a game tells the adapters: options, move presentation, move commands, AI kinds.

Everything here is data a game declares and the Discord and console adapters lay out; neither
adapter knows a game by name. `games/base.py` reaches these through `Game` (see
docs/adding-a-game.md for the whole list).
"""

from __future__ import annotations

import random
import re
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import Field, ValidationError

from games.base import Frozen, InvalidOptions

if TYPE_CHECKING:
    from games.base import Game

Texts = dict[str, str]  # language -> text; "en" is always present


def bilingual(en: str, ja: str) -> Texts:
    """The same text in English and Japanese: what names, descriptions and labels are made of."""
    return {"en": en, "ja": ja}


def text_in(texts: Mapping[str, str], lang: str) -> str:
    """`texts` in `lang`, else English."""
    return texts.get(lang) or texts["en"]


# ---------------------------------------------------------------- options


class GameOptions(Frozen):
    """Base of every game's options model. Declare each field with `option(...)` or `internal(...)`.

    Offered options (shown by `/start`) are bool, int (with `ge`/`le`) or `Literal[...]` of strings;
    internal ones (set positions for tests, `stack`) are accepted by `new` but never offered.
    """


def option(
    default: Any,
    *,
    en: str,
    ja: str,
    labels: Mapping[str, tuple[str, str]] | None = None,
    ge: int | None = None,
    le: int | None = None,
    ja_name: str | None = None,
) -> Any:
    """An option players may set: its English and Japanese one-line descriptions (≤ 100 chars).

    `labels` names the values of a `Literal` option: value -> (English, Japanese). `ja_name` is
    the option's own name in Japanese (a short word, no spaces); the field name otherwise.
    """
    extra: dict[str, Any] = {"ja": ja}
    if ja_name:
        extra["ja_name"] = ja_name
    if labels:
        extra["labels"] = {value: list(pair) for value, pair in labels.items()}
    return Field(default, description=en, json_schema_extra=extra, ge=ge, le=le)


def internal(default: Any = None) -> Any:
    """An option for tests and set positions: accepted by `new`, never offered to players."""
    return Field(default, json_schema_extra={"internal": True})


class Label(Frozen):
    """One allowed value of a choice, with its names."""

    value: str
    texts: Texts


class OptionSpec(Frozen):
    """One offered option as the adapters build it into `/start` (derived from the model)."""

    name: str
    kind: Literal["bool", "int", "choice"]
    default: bool | int | str | None
    texts: Texts
    names: Texts = Field(default_factory=dict)  # the option's name per language ("en": `name`)
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Label, ...] = ()

    def allowed(self, lang: str = "en") -> str:
        """What values are allowed, in words (for error messages)."""
        if self.kind == "bool":
            return "true / false"
        if self.kind == "int":
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return (
                f"{low}–{high}" if low or high else ("a whole number" if lang == "en" else "整数")
            )
        return ", ".join(c.value for c in self.choices)


def option_specs(model: type[GameOptions]) -> tuple[OptionSpec, ...]:
    """The offered options of a model, in declaration order."""
    specs = []
    for name, field in model.model_fields.items():
        extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
        if extra.get("internal"):
            continue
        if not field.description or "ja" not in extra:
            raise TypeError(f"{model.__name__}.{name}: declare offered options with option(...)")
        texts = {"en": field.description, "ja": str(extra["ja"])}
        names = {"en": name, "ja": str(extra.get("ja_name") or name)}
        annotation = _strip_optional(field.annotation)
        minimum = maximum = None
        for meta in field.metadata:
            minimum = getattr(meta, "ge", minimum)
            maximum = getattr(meta, "le", maximum)
        if annotation is bool:
            specs.append(
                OptionSpec(name=name, kind="bool", default=field.default, texts=texts, names=names)
            )
        elif annotation is int:
            specs.append(
                OptionSpec(
                    name=name,
                    kind="int",
                    default=field.default,
                    texts=texts,
                    names=names,
                    minimum=minimum,
                    maximum=maximum,
                )
            )
        elif typing.get_origin(annotation) is Literal:
            labels = extra.get("labels") or {}
            assert isinstance(labels, dict)
            choices = tuple(
                Label(value=str(value), texts=_label_texts(labels.get(value), str(value)))
                for value in typing.get_args(annotation)
            )
            specs.append(
                OptionSpec(
                    name=name,
                    kind="choice",
                    default=field.default,
                    texts=texts,
                    names=names,
                    choices=choices,
                )
            )
        else:
            raise TypeError(f"{model.__name__}.{name}: offered options are bool, int or Literal")
    return tuple(specs)


def _label_texts(pair: object, value: str) -> Texts:
    if isinstance(pair, list | tuple) and len(pair) == 2:
        return {"en": str(pair[0]), "ja": str(pair[1])}
    return {"en": value, "ja": value}


def _strip_optional(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


_TRUE = {"true", "yes", "on", "1", "はい"}
_FALSE = {"false", "no", "off", "0", "いいえ"}


def validate_options(model: type[GameOptions], options: Mapping[str, Any]) -> Any:
    """`options` checked against the model; InvalidOptions naming the option and what is allowed.

    Offered options are strict about types: "yes" is not a bool and 2.5 is not a number. Text
    from a prompt should go through `coerce_option` first.
    """
    specs = {spec.name: spec for spec in option_specs(model)}
    unknown = sorted(set(options) - set(model.model_fields))
    if unknown:
        known = ", ".join(specs) or "-"
        raise InvalidOptions(
            f"Unknown option {unknown[0]!r}; this game has: {known}.",
            f"オプション「{unknown[0]}」はありません。使えるもの: {known}",
        )
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None or value is None:
            continue
        ok = (
            (spec.kind == "bool" and isinstance(value, bool))
            or (spec.kind == "int" and isinstance(value, int) and not isinstance(value, bool))
            or (spec.kind == "choice" and value in {c.value for c in spec.choices})
        )
        if not ok:
            raise _bad_option(spec, value)
    try:
        return model.model_validate(dict(options))
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or "options"
        spec = specs.get(str(problem["loc"][0])) if problem["loc"] else None
        if spec is not None:
            raise _bad_option(spec, options.get(spec.name)) from None
        raise InvalidOptions(
            f"Bad option {where}: {problem['msg']}.",
            f"オプション {where} が不正です: {problem['msg']}",
        ) from None


def _bad_option(spec: OptionSpec, value: Any) -> InvalidOptions:
    shown = clip(repr(value), 40)
    return InvalidOptions(
        f"Option {spec.name} cannot be {shown}; allowed: {spec.allowed('en')}.",
        f"オプション {spec.name} に {shown} は使えません。使える値: {spec.allowed('ja')}",
    )


def coerce_option(spec: OptionSpec, text: str) -> bool | int | str:
    """Typed text (a console `name:value`) as the option's type; InvalidOptions otherwise."""
    word = text.strip().casefold()
    if spec.kind == "bool":
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    elif spec.kind == "int":
        if re.fullmatch(r"[+-]?[0-9]{1,9}", word):
            return int(word)
    else:
        for choice in spec.choices:
            if word in {choice.value.casefold(), *(t.casefold() for t in choice.texts.values())}:
                return choice.value
    raise _bad_option(spec, text)


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with an ellipsis (quoted input in messages)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ---------------------------------------------------------------- presenting legal moves

Tone = Literal["primary", "secondary", "success", "danger"]


class MoveGroup(Frozen):
    """A kind of move shown together: a select menu of alike moves, or a row of buttons."""

    key: str = Field(pattern=r"^[a-z]{1,8}$")  # also part of component ids
    texts: Texts  # the menu's placeholder / the kind's name
    menu: bool = False  # True: one select menu (paged by 25); False: a button per move
    tone: Tone = "secondary"  # button colour


class Offer(Frozen):
    """One legal move as a control: one per legal move, in legal_moves order."""

    move: str  # canonical notation (English), what the adapter sends back to act
    group: str  # a MoveGroup key (an undeclared key is shown as buttons)
    label: str  # the move in the reader's language (≤ 80 chars shown on a button)
    detail: str | None = None  # one line under the label: e.g. what it costs this player now
    public: bool = False  # may be offered on the public board without revealing hidden facts


# ---------------------------------------------------------------- the glossary (/card)


class GlossaryEntry(Frozen):
    """One card, building or tile a game explains on request (`/card`), in every language.

    `names` are what players look it up by (autocompleted in both languages); `kind`, `cost`
    and `values` are short lines; `text` says what it does; `note` is a rules note. Where our
    data is a reconstruction (a number, a name or a text not confirmed by the original),
    `reconstructed` says what, in words, and the adapters mark the entry so.
    """

    key: str = Field(min_length=1, max_length=40)
    names: Texts
    kind: Texts
    cost: Texts | None = None
    values: Texts | None = None
    text: Texts
    note: Texts | None = None
    reconstructed: Texts | None = None


# ---------------------------------------------------------------- per-move slash commands


class Param(Frozen):
    """One option of a move command.

    kind "move": free text autocompleted from the caller's legal moves in `groups`; a value that
    is a whole move in notation (what autocomplete offers) is played as it is.
    kind "int": a whole number within minimum..maximum. kind "choice": one of `choices`.
    """

    name: str = Field(pattern=r"^[a-z_]{1,32}$")
    names: Texts  # localised option names ("en" = name)
    texts: Texts  # descriptions, ≤ 100 characters
    kind: Literal["move", "int", "choice"]
    groups: tuple[str, ...] = ()
    choices: tuple[Label, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    required: bool = True


def move_param(
    name: str, en: str, ja: str, groups: tuple[str, ...] = (), *, required: bool = True
) -> Param:
    """A "move" option named `name` (its Japanese name is `ja`, as is its description),
    autocompleted from the caller's legal moves in `groups`."""
    return Param(
        name=name,
        names=bilingual(name, ja),
        texts=bilingual(en, ja),
        kind="move",
        groups=groups,
        required=required,
    )


class MoveCommand(Frozen):
    """A slash sub-command that plays one kind of move, e.g. `/stp buy card:`.

    `template` makes the move text from the options: `buy {card}`; a part in brackets is left
    out when an option inside it is not given: `{action} drawn[ > {target}]`.
    """

    name: str = Field(pattern=r"^[a-z_]{1,32}$")
    names: Texts
    texts: Texts
    template: str
    params: tuple[Param, ...] = ()


class CommandGroup(Frozen):
    """The game's command group: `/<name> <command> ...`."""

    name: str = Field(pattern=r"^[a-z_]{1,32}$")
    names: Texts
    texts: Texts
    commands: tuple[MoveCommand, ...]


_SECTION = re.compile(r"\[([^\[\]]*)\]")
_FIELD = re.compile(r"\{([a-z_]+)\}")


def fill_template(template: str, values: Mapping[str, object]) -> str:
    """The move text of a command: fields filled, bracketed parts with a missing field dropped."""

    def section(match: re.Match[str]) -> str:
        inner = match.group(1)
        names = _FIELD.findall(inner)
        return inner if all(values.get(n) not in (None, "") for n in names) else ""

    filled = _SECTION.sub(section, template)
    return _FIELD.sub(lambda m: str(values.get(m.group(1), "")), filled).strip()


# ---------------------------------------------------------------- computer players


class AiPlayer(Protocol):
    """A computer player: picks one of the seat's legal moves."""

    def choose(self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random) -> Any:
        """The move to play; `rng` is the only source of chance."""
        ...


@dataclass(frozen=True)
class AiKind:
    """A named kind of computer player a game offers (`/start bots:` and `ai:`)."""

    key: str
    texts: Texts
    make: type[AiPlayer] | Any  # a class or factory returning an AiPlayer
    # A slow kind thinks in the bot's process pool; its `make` takes `seconds=` and
    # `iterations=` (the per-move budget) as keywords.
    slow: bool = False


class RandomAi:
    """Picks uniformly among the legal moves: every game has it."""

    def choose(self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random) -> Any:
        moves = game.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]


RANDOM_AI = AiKind(
    key="random",
    texts={"en": "plays a random legal move", "ja": "合法手からランダムに選ぶ"},
    make=RandomAi,
)


def moves_with_groups(offers: Sequence[Offer], groups: Sequence[str]) -> list[Offer]:
    """The offers of some groups (all when `groups` is empty): autocomplete and menus use it."""
    return [o for o in offers if not groups or o.group in groups]
