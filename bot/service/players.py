"""Computer players for AI seats, through the game contract: `game.ai_kinds()` and `game.ai(kind)`."""

from __future__ import annotations

import logging
import random
from functools import cache
from typing import Any

from pydantic import BaseModel

from bot.service import errors
from games.adapters import AiPlayer, RandomAi
from games.base import Game, InvalidOptions

log = logging.getLogger(__name__)


def ai_kinds(game: Game[Any, Any, Any] | None) -> tuple[str, ...]:
    """The AI kinds `game` offers (default first); with no game yet, those of every game."""
    import games

    if game is not None:
        return tuple(k.key for k in game.ai_kinds())
    seen: dict[str, None] = {}
    for each in games.all():
        seen.update((k.key, None) for k in each.ai_kinds())
    return tuple(seen)


def check_ai_kind(game: Game[Any, Any, Any] | None, kind: str) -> None:
    """BadBotKind naming the kinds there are, unless `game` (or any game) offers `kind`."""
    kinds = ai_kinds(game)
    if kind not in kinds:
        raise errors.BadBotKind(kind=errors.clip_input(kind), kinds=", ".join(kinds))


@cache
def player_for(game: Game[Any, Any, Any], kind: str) -> AiPlayer:
    """The game's AI of `kind`; a random player for a kind the game no longer offers."""
    try:
        return game.ai(kind)
    except InvalidOptions:
        log.warning("%s offers no AI %r any more; seats of that kind play at random", game.id, kind)
        return RandomAi()


def choose_move(
    game: Game[Any, Any, Any],
    state: Any,
    seat: str,
    kind: str,
    rng: random.Random,
    player: AiPlayer | None = None,
) -> BaseModel:
    """The AI's move for `seat` (by `player` if given, else the game's AI of `kind`); a random
    legal move if the AI fails, so a table never stalls."""
    try:
        move = (player or player_for(game, kind)).choose(game, state, seat, rng)
    except Exception:
        log.exception("AI %s of %s failed for seat %s; playing at random", kind, game.id, seat)
        return random_move(game, state, seat, rng)
    return move  # type: ignore[no-any-return]


def random_move(game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random) -> BaseModel:
    """A uniformly random legal move (the fallback when an AI fails)."""
    return RandomAi().choose(game, state, seat, rng)  # type: ignore[no-any-return]
