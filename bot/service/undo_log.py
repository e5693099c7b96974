"""Undo entries in the move log: an accepted undo is logged, never a deletion, and replays."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.service.after_errors import after_text
from bot.service.i18n import Text
from bot.service.positions import initial_state
from bot.service.store import MoveRecord, TableRecord
from bot.service.updates import PlayedMove
from games.base import Game

UNDO_KEY = "undo"


def move_words(game: Game[Any, Any, Any], notation: str) -> Text:
    """A logged move in each language."""
    move = game.parse(notation)
    return Text.each(lambda lang: game.format(move, lang=lang))


def public_words(game: Game[Any, Any, Any], move: MoveRecord) -> Text:
    """A move of a running game as the public log shows it: a secret choice is not named."""
    return Text.of("log.hidden") if move.secret else move_words(game, move.notation)


def undo_json(target: int) -> str:
    """The logged "move" of an undo: it takes back move `target` and every move after it."""
    return json.dumps({UNDO_KEY: target})


def undo_notation(target: int) -> str:
    return f"undo {target}"


def undo_target(entry: MoveRecord) -> int | None:
    """The move an undo entry took back from; None for a game move."""
    if not entry.move.startswith('{"undo"'):
        return None
    value = json.loads(entry.move).get(UNDO_KEY)
    return value if isinstance(value, int) else None


def replay_states(
    game: Game[Any, Any, Any], record: TableRecord, moves: Sequence[MoveRecord]
) -> list[Any]:
    """The state after setup and after every log entry (index = seq): an undo of move k gives
    back the state from before k."""
    seats = [s.seat for s in sorted(record.seats, key=lambda s: s.position)]
    states = [initial_state(game, seats, seed=record.seed, options=record.options)]
    for entry in moves:
        target = undo_target(entry)
        if target is None:
            states.append(game.apply(states[-1], entry.seat, game.parse(entry.notation)))
        else:
            states.append(states[target - 1])
    return states


def live_moves(moves: Sequence[MoveRecord]) -> list[MoveRecord]:
    """The moves that stand, in order: those an undo took back are left out (undos too)."""
    standing: list[MoveRecord] = []
    for entry in moves:
        target = undo_target(entry)
        if target is None:
            standing.append(entry)
        else:
            standing = [m for m in standing if m.seq < target]
    return standing


def undo_played(entry: MoveRecord) -> PlayedMove:
    """An undo entry as a line of the table's story (the board after it, `/log`)."""
    text = undo_words(undo_target(entry))
    said = Text.each(lambda lang: f"{entry.seat}: {text.get(lang)}")
    return PlayedMove(
        seq=entry.seq, seat=entry.seat, by=entry.by, notation=entry.notation, text=said, events=()
    )


def undo_words(target: int | None) -> Text:
    """ "took back move N" in each language."""
    return Text.each(lambda lang: after_text("undo.logged", lang, move=target))
