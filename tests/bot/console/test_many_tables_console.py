"""The console's /mygames, /away and /settings, in English and Japanese."""

from __future__ import annotations

from pathlib import Path

from tests.bot.console.test_console import play

TWO_PLAYERS = ["/join", "as bob", "/join", "as alice", "/start game:tally target:9"]


async def test_mygames_away_and_settings_at_the_console(tmp_path: Path) -> None:
    script = [
        *TWO_PLAYERS,
        "/mygames",
        "add 1",  # alice moves: bob is to act
        "as alice",
        "/mygames",
        "as bob",
        "/away 3 off to the sea",
        "as alice",
        "/status",
        "/away 30",
        "/away sometime",
        "/settings timezone:Asia/Tokyo quiet:23-08",
        "/settings timezone:Mars/Base",
        "/settings quiet:noon",
        "/settings",
        "as bob",
        "add 1",  # his move ends his away
        "as alice",
        "/away off",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    lines = output.splitlines()
    first = lines.index("alice> /mygames")
    assert lines[first + 1] == "**Waiting for you:**"
    assert lines[first + 2].startswith("• Tally (alice, bob): you to act, waiting ")
    assert lines[first + 3] == "Tables waiting for your move on all servers: 1"
    second = lines.index("alice> /mygames", first + 1)
    assert lines[second + 1] == "**Waiting for others:**"
    assert lines[second + 2].startswith("• Tally (alice, bob): bob to act")
    assert lines[second + 3] == "Tables waiting for your move on all servers: 0"
    assert "You are away until " in output and "Note: off to the sea" in output
    assert any(line.startswith("To act: bob (away until ") for line in lines)
    assert "! Away is for 1 to 14 days." in output
    assert "Usage: /away DAYS [note]  or  /away off" in output
    assert "Your time zone: Asia/Tokyo. Quiet hours: 23:00–08:00" in output
    assert "! Mars/Base is not a time zone." in output
    assert "! Quiet hours are two hours of the day" in output
    assert output.rstrip().endswith("You are not away.")  # bob's move ended it


async def test_the_same_in_japanese(tmp_path: Path) -> None:
    script = [
        *TWO_PLAYERS,
        "/mygames",
        "/away 2",
        "/away 0",
        "/settings timezone:Europe/Berlin quiet:22-7",
        "/away off",
    ]
    output = await play("\n".join(script) + "\n", tmp_path, lang="ja")
    assert "**あなたの手番：**" in output
    assert "全サーバーであなたの手番のテーブル：1" in output
    assert "まで不在にしました" in output
    assert "! 不在は1日から14日までです。" in output
    assert "タイムゾーン：Europe/Berlin。静かな時間：22時～07時" in output
    assert "おかえりなさい。不在を終了しました。" in output


async def test_a_rematch_at_the_console(tmp_path: Path) -> None:
    script = [
        "/rematch",  # no table yet
        "/join",
        "as bob",
        "/join",
        "as alice",
        "/start game:tally target:3",
        "/rematch",  # not over yet
        "add 3",
        "as bob",
        "/rematch",
        "as alice",
        "/rematch",
        "/rematch",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert "! There is no table in this channel." in output
    assert "! A rematch can be asked for once the game here is over." in output
    assert "bob is in for a rematch. Waiting for: alice." in output
    assert "The rematch has started (table " in output
    assert output.count("Tally begins. Seats in order: alice, bob.") == 2
    # The channel's table is the new game now: a rematch waits for its end.
    assert output.count("! A rematch can be asked for once the game here is over.") == 2


async def test_the_host_starts_a_rematch_at_once_in_japanese(tmp_path: Path) -> None:
    script = [*TWO_PLAYERS[:-1], "/start game:tally target:3", "add 3", "/rematch hours:0"]
    output = await play("\n".join(script) + "\n", tmp_path, lang="ja")
    assert "再戦が始まりました" in output


async def test_card_at_the_console_in_both_languages(tmp_path: Path) -> None:
    script = [
        "/card pub",  # no table yet
        "/start game:stpetersburg",
        "/card pub",
        "/card",
        "/card Dragon",
        "/lang ja",
        "/card 作家",
    ]
    output = await play("\n".join(script) + "\n", tmp_path)
    assert "! There is no table in this channel." in output
    assert "**Pub** (酒場) — Building (blue)\nCost: 1 ruble\n" in output
    assert "Usage: /card NAME" in output
    assert "! Sankt Petersburg has no card or tile called Dragon." in output
    assert "**作家** (Author) — 貴族（橙）" in output
    assert "推定（再構成）：日本語名は独自の訳です" in output
