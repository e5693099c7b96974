"""/card: what a card, building or tile does, from the game's own glossary (games.base.Game.glossary).

The same words for Discord and the console, in the reader's language; entries whose data is a
reconstruction say so.
"""

from __future__ import annotations

from typing import Final

from bot.service import errors
from bot.service.i18n import Text
from bot.service.table_core import AnyGame, game_name
from games.adapters import GlossaryEntry, text_in
from games.base import normalise

SUGGESTED: Final = 8  # names an unknown-card error suggests


class UnknownCard(errors.TableError):
    """No entry of the game's glossary has that name."""

    key = "error.unknown_card"


class NoGlossary(errors.TableError):
    """The game declares no glossary."""

    key = "error.no_glossary"


def _names(entry: GlossaryEntry) -> set[str]:
    return {normalise(entry.key), *(normalise(n) for n in entry.names.values())}


def find_entry(game: AnyGame, typed: str) -> GlossaryEntry:
    """The entry named `typed` in any language (or its key; a unique prefix will do)."""
    entries = game.glossary()
    if not entries:
        raise NoGlossary(game=game_name(game))
    wanted = normalise(typed)
    exact = [e for e in entries if wanted in _names(e)]
    if len(exact) == 1:
        return exact[0]
    close = [e for e in entries if wanted and any(n.startswith(wanted) for n in _names(e))]
    if len(close) == 1:
        return close[0]
    shown = close or list(entries)
    raise UnknownCard(
        game=game_name(game),
        name=errors.clip_input(typed),
        some=Text.each(lambda lang: ", ".join(text_in(e.names, lang) for e in shown[:SUGGESTED])),
    )


def card_choices(game: AnyGame, typed: str, lang: str, limit: int = 25) -> list[tuple[str, str]]:
    """(label, key) of the entries whose name in any language contains `typed`: the label in
    the reader's language, with the other language's name beside it."""
    wanted = normalise(typed)
    found = []
    for entry in game.glossary():
        if wanted and not any(wanted in n for n in _names(entry)):
            continue
        own = text_in(entry.names, lang)
        other = text_in(entry.names, "en" if lang == "ja" else "ja")
        found.append((own if other == own else f"{own} ({other})", entry.key))
        if len(found) == limit:
            break
    return found


def card_lines(entry: GlossaryEntry, lang: str) -> list[str]:
    """The entry in words: name and kind, cost and values, what it does, notes."""
    own = text_in(entry.names, lang)
    other = text_in(entry.names, "en" if lang == "ja" else "ja")
    title = f"**{own}**" + (f" ({other})" if other != own else "")
    lines = [f"{title} — {text_in(entry.kind, lang)}"]
    if entry.cost is not None:
        lines.append(Text.of("card.cost", cost=text_in(entry.cost, lang)).get(lang))
    if entry.values is not None:
        lines.append(text_in(entry.values, lang))
    lines.append(text_in(entry.text, lang))
    if entry.note is not None:
        lines.append(Text.of("card.note", note=text_in(entry.note, lang)).get(lang))
    if entry.reconstructed is not None:
        what = text_in(entry.reconstructed, lang)
        lines.append(Text.of("card.reconstructed", what=what).get(lang))
    return lines
