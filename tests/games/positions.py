"""Scenario positions: a real position with some parts set, read back through `from_position`.

`at(game, base, {"1.hand": "Casa*2", "free": "+A4,A5"})` sets those parts of the position text
of `base` (a state or a text; docs/positions.md names the parts) and reads it back, so the state
is validated and passes `check`. A value `+x` adds `x` after the part's own items, `x+` before
them (on top of a pile); None drops the part. The game's own pile makes up for the cards the edits add or
take away, so a test names only what it is about: cards given to a seat come off the bottom of
the pile (Venedig and Catherine: the deck; Sankt Petersburg: the card's stack), cards taken away go under it;
a Sankt Petersburg stack the test sets itself is left as set, and the discard makes up instead. Venedig's
supply and swamp tiles follow the buildings and drained spaces in the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from games.base import Game
from games.catherine.data import DATA as CATHERINE
from games.position import items, read_items, split
from games.stpetersburg.data import CARDS, STACKS, card_key, full_deck
from games.venedig.data import DATA as VENEDIG
from games.venedig.data import TYPES
from games.venedig.notation import TYPE_NAMES

Parts = dict[str, str]


def parts_of(text: str) -> tuple[str, Parts]:
    pieces = [p.strip() for p in split(text, ";")]
    found: Parts = {}
    for piece in pieces[1:]:
        name, _, value = piece.partition("=")
        found[name.strip()] = value.strip()
    return pieces[0], found


def text_of(tag: str, parts: Parts) -> str:
    return "; ".join([tag, *(f"{name}={value}" for name, value in parts.items())])


def at(game: Game[Any, Any, Any], base: Any, parts: Mapping[str, Any] | None = None) -> Any:
    """`base` with `parts` set (a value None drops the part), made up and read back."""
    text = base if isinstance(base, str) else game.position_text(base)
    tag, found = parts_of(text)
    edits = {name: value for name, value in (parts or {}).items()}
    for name, value in edits.items():
        if value is None:
            found.pop(name, None)
            continue
        value = str(value)
        if value.startswith("+"):  # "+A4,A5": after the part's own items
            value = ",".join(filter(None, [found.get(name, ""), value[1:]]))
        elif value.endswith("+"):  # "Ponte+": before them (on top of a pile)
            value = ",".join(filter(None, [value[:-1], found.get(name, "")]))
        found[name] = value
    balance = BALANCES.get(game.id)
    if balance is not None:
        balance(found, set(edits))
    return game.from_position(text_of(tag, found))


def _make_up(
    found: Parts,
    holders: list[str],
    pile: str,
    full: Counter[str],
    canonical: Callable[[str], str],
) -> None:
    """Of the cards in `full`: copies too many come off the bottom of `pile`, missing ones go
    onto its bottom. The pile's other cards stay where they are."""
    held: Counter[str] = Counter()
    for name in holders:
        held.update(c for c in map(canonical, read_items(name, found.get(name, ""))) if c in full)
    listed = [canonical(c) for c in read_items(pile, found.get(pile, ""))]
    held.update(c for c in listed if c in full)
    for card, extra in (held - full).items():
        for _ in range(extra):
            assert card in listed, f"more {card} in the position than the game has"
            del listed[len(listed) - 1 - listed[::-1].index(card)]
    for card, missing in (full - held).items():
        listed.extend([card] * missing)
    found[pile] = items(listed)


# ---------------------------------------------------------------- Venedig

_TYPE = {name.casefold(): TYPE_NAMES["en"][t] for t in TYPES for name in (t, TYPE_NAMES["en"][t])}
_VENEDIG_CARDS = Counter(
    {TYPE_NAMES["en"][t]: n for t, n in zip(TYPES, VENEDIG.cards, strict=True)}
)


def _venedig(found: Parts, edits: set[str]) -> None:
    seats = len(read_items("seats", found["seats"]))
    holders = [f"{i}.{what}" for i in range(1, seats + 1) for what in ("hand", "front")]
    holders += ["virtual", "discard", "pool"]
    _make_up(found, holders, "deck", _VENEDIG_CARDS, lambda c: _TYPE[c.strip().casefold()])
    buildings = [b.split() for b in read_items("buildings", found.get("buildings", ""))]
    if "buildings" in edits and "supply" not in edits:
        built = Counter(_TYPE[b[0].casefold()] for b in buildings)
        built.update(TYPE_NAMES["en"][TYPES[kind]] for kind, _ in VENEDIG.preprinted)
        found["supply"] = items(
            f"{TYPE_NAMES['en'][t]}:{n - built[TYPE_NAMES['en'][t]]}"
            for t, n in zip(TYPES, VENEDIG.pieces, strict=True)
        )
    if edits & {"buildings", "free"} and "swamp_bag" not in edits:
        taken = {s.casefold() for s in read_items("free", found.get("free", ""))}
        taken.update(s.casefold() for b in buildings for s in b[1].split("+"))
        taken.update(
            VENEDIG.labels[s].casefold() for _, spaces in VENEDIG.preprinted for s in spaces
        )
        swamps = len(VENEDIG.labels) - len(taken)
        bag = read_items("swamp_bag", found.get("swamp_bag", ""))
        found["swamp_bag"] = items((bag + ["1"] * swamps)[:swamps])


# ---------------------------------------------------------------- Sankt Petersburg


def _card(text: str) -> str:
    text = text.strip()
    key = card_key(text[4:] if text.casefold().startswith("old ") else text)
    assert key is not None, text
    return CARDS[key].en


def _stpetersburg(found: Parts, edits: set[str]) -> None:
    seats = len(read_items("seats", found["seats"]))
    holders = [f"{i}.{what}" for i in range(1, seats + 1) for what in ("hand", "area")]
    holders += ["discard", "pending.card", "board!", *STACKS]
    # The market's cards, counted with the rest (its empty spaces and `old` marks left out).
    found["board!"] = items(c for c in read_items("board", found["board"]) if c != "-")
    for stack in STACKS:
        pile = "discard" if stack in edits else stack
        full = Counter(CARDS[c].en for c in full_deck(stack))
        _make_up(found, [h for h in holders if h != pile], pile, full, _card)
    del found["board!"]


# ---------------------------------------------------------------- Catherine

_CATHERINE_CARDS = Counter(CATHERINE.deck)


def _catherine(found: Parts, edits: set[str]) -> None:
    seats = len(read_items("seats", found["seats"]))
    for seat in range(1, seats + 1):
        below = [c for c in read_items(f"{seat}.below", found.get(f"{seat}.below", "")) if c != "-"]
        found[f"{seat}.below!"] = items(below)  # counted with the rest, then dropped
    holders = [f"{i}.{what}" for i in range(1, seats + 1) for what in ("hand", "row", "below!")]
    _make_up(found, [*holders, "discard"], "deck", _CATHERINE_CARDS, lambda c: c.strip().upper())
    for seat in range(1, seats + 1):
        del found[f"{seat}.below!"]


BALANCES: dict[str, Callable[[Parts, set[str]], None]] = {
    "catherine": _catherine,
    "venedig": _venedig,
    "stpetersburg": _stpetersburg,
}
