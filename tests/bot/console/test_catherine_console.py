"""Catherine at the console table: secret choices typed short, private lines kept private."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console.test_console import play

# alice is dealt W01 W02 W03 W15 W16 W17 and draws W04 W05 in round 1.
STACK = (
    'stack:\'["W01","W02","W03","W15","W16","W17","C01","C02","C03","C04",'
    '"C05","C06","E01","E02","E03","E04","E05","E06","W04","W05"]\''
)


async def test_a_round_typed_short_with_two_computer_seats(tmp_path: Path) -> None:
    output = await play(
        f"/start game:catherine bots:2 {STACK}\n"
        "w15 w16 w17\nw01\nw02 w15\nmarket 9\nmarket 1\n/hand\n/log\n/help catherine\n",
        tmp_path,
    )
    assert "Catherine: The Cities of the Tsarina begins." in output
    assert "Bot 1 has chosen an action row." in output  # computer seats choose at once
    assert "Action rows revealed: alice: W15 W16 W17;" in output
    assert "  [alice only] You drew W04 W05." in output
    # The first card is secret: the public line says only that it was chosen.
    step = output.split("alice> w01\n", 1)[1].split("alice> ", 1)[0]
    assert "alice has chosen a first card." in step
    assert "W01" not in step.replace("[alice only] You chose: row W01", "")
    assert "Revealed: alice: W01 to the row, W02 under W15;" in output
    assert "This market lets you draw at most 1." in output
    assert "alice runs W15 (market iron/food, drawing 1)." in output
    assert "Round 2 (decade 1) begins" in output
    hand = output.split("alice> /hand\n", 1)[1]
    assert "Hand: W03 W04 W05" in hand and "Your moves: row " in hand
    log = output.split("alice> /log\n", 1)[1]
    assert "alice: row W01" in log and "Bot 1: (secret choice)" in log
    assert "/cat place act:… [under:…]" in output
