"""The console through the game contract: typed /start options, the text board, move commands."""

from __future__ import annotations

from pathlib import Path

import tests.bot.testgames  # noqa: F401  (registers handful)
from tests.bot.console.test_console import play

DECK = "deck:[1,2,3,4,5,6,7,8,9,9]"  # alice holds 1 2 3, bob (a bot) 4 5 6; 7 is drawn next


async def test_start_options_are_typed_and_refused_by_name(tmp_path: Path) -> None:
    output = await play(
        "/start game:handful turns:many\n"
        "/start game:handful goal:sideways\n"
        "/start game:handful open_hands:perhaps\n"
        "/start game:handful ai:clever bots:1\n"
        f"/start game:handful turns:2 goal:low open_hands:no bots:1 ai:cautious {DECK}\n",
        tmp_path,
    )
    assert "! Those options do not work: Option turns cannot be 'many'; allowed: 1–9." in output
    assert "Option goal cannot be 'sideways'; allowed: high, low." in output
    assert "Option open_hands cannot be 'perhaps'; allowed: true / false." in output
    assert (
        "! There is no computer player clever; choose one of: greedy, random, cautious." in output
    )
    assert "Handful begins: alice starts." in output
    assert "Seats in order: alice, Bot 1 (cautious bot)." in output


async def test_the_text_board_and_the_games_move_commands(tmp_path: Path) -> None:
    output = await play(
        f"/start game:handful turns:3 bots:1 {DECK}\n"
        "/status\n/hand\n/help\n"
        "/handful number value:12\n/handful number 3\n/handful other action:draw\n"
        "/handful play 7\n/status\n",
        tmp_path,
    )
    status = output.split("alice> /status\n", 1)[1]
    assert status.startswith("Deck 4, turns left 6\nalice: 0 – 3 cards\nBot 1: 0 – 3 cards")
    hand = output.split("alice> /hand\n", 1)[1]
    assert "[alice only]\n  Deck 4, turns left 6\n  alice: 0 – 1 2 3\n  Bot 1: 0 – 3 cards" in hand
    assert "Your moves: play 1, play 2, play 3, draw, pass" in hand
    assert "/handful number value:…" in output and "turns:1–9" in output
    assert "! Bad value for value: 1–9" in output
    assert "alice played 3." in output and "Bot 1 played 6." in output  # greedy: its best
    assert "[alice only] You drew a 7." in output
    assert "alice played 7." in output
    assert "The game is over." in output
