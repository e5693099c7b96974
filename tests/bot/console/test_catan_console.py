"""The Catan card game at the console: start with AI seats, text board, moves, /hand, /log, /rules."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console.test_console import play


async def test_a_console_game_shows_the_board_hand_log_and_rules(tmp_path: Path) -> None:
    output = await play(
        "/start game:catan bots:1\n/status\n/hand\n/rules\n/log\n",
        tmp_path,
    )
    assert "Market: " in output and "Draw pile" in output
    assert "[alice only]" in output and "Hand: " in output
    assert "Catan – the fast card game" in output
    hand = output.split("alice> /hand\n", 1)[1].split("alice> ", 1)[0]
    assert "Your moves:" in hand


async def test_a_console_game_is_played_by_typed_moves(tmp_path: Path) -> None:
    script = "/start game:catan bots:1\n" + "end\n/move draw 2\n" * 3 + "/status\n"
    output = await play(script, tmp_path)
    assert "ended the exchange phase" in output
    assert "alice drew" in output and "  [alice only] You drew: " in output
    # The greedy bot exchanges with alice: she alone learns the card taken and the one returned.
    assert "  [alice only] Bot 1 took your " in output
    assert "  [alice only] Bot 1 gave you back " in output
    assert "Bot 1 took a card at random from alice." in output
