"""Every kind of bad request gets its own clear error, in English and Japanese, and changes nothing."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.service import errors
from bot.service.i18n import CATALOGUE
from bot.service.tables import TableService
from tests.bot.conftest import dump

Request = Callable[[TableService], Awaitable[object]]


async def two_player_tally(service: TableService) -> str:
    """Alice (u1, host) and Bob (u2) at a Tally table with target 5; Alice has made one move."""
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    update = await service.start("c1", "u1", game="tally", options={"target": 5})
    await service.act(update.table.id, "u1", "add 1")
    return update.table.id


CASES: list[tuple[str, type[errors.TableError], Request]] = [
    ("unknown table", errors.UnknownTable, lambda s: s.act("t999", "u1", "add 1")),
    ("not seated", errors.NotSeated, lambda s: s.act("t1", "u9", "add 1")),
    ("not your turn", errors.NotYourTurn, lambda s: s.act("t1", "u1", "add 1")),
    ("unparseable move", errors.MoveNotUnderstood, lambda s: s.act("t1", "u2", "frobnicate")),
    ("illegal move", errors.MoveNotAllowed, lambda s: s.act("t1", "u2", "add 9")),
    ("empty move", errors.MoveNotUnderstood, lambda s: s.act("t1", "u2", "  ")),
    ("stale board", errors.StaleBoard, lambda s: s.act("t1", "u2", "add 1", version=0)),
    ("start twice", errors.TableBusy, lambda s: s.join("c1", "u3", name="Cy")),
    ("lobby action in a game", errors.AlreadyStarted, lambda s: s.add_bot("c1", "u1")),
    ("hand of a stranger", errors.NotSeated, lambda s: s.hand("t1", "u9")),
    ("abandon by a guest", errors.NotHost, lambda s: s.abandon("t1", "u2")),
    ("kick by a guest", errors.NotHost, lambda s: s.replace_with_ai("t1", "u2", "Alice")),
    ("kick nobody", errors.UnknownSeat, lambda s: s.replace_with_ai("t1", "u1", "Zed")),
    ("bad bot kind", errors.BadBotKind, lambda s: s.replace_with_ai("t1", "u1", "Bob", "smart")),
    (
        "reminder too short",
        errors.BadSetting,
        lambda s: s.set_reminders("t1", "u1", remind_after=1),
    ),
    (
        "takeover without a time",
        errors.BadSetting,
        lambda s: s.set_reminders("t1", "u1", takeover="ai"),
    ),
    (
        "takeover sooner than the reminder",
        errors.BadSetting,
        lambda s: s.set_reminders("t1", "u1", takeover_after=60.0, takeover="pass"),
    ),
    ("no table in the channel", errors.NoTableHere, lambda s: s.leave("c9", "u1")),
]


@pytest.mark.parametrize(("label", "error", "request_"), CASES, ids=[c[0] for c in CASES])
async def test_a_bad_request_gets_its_own_error_and_changes_nothing(
    service: TableService,
    db_path: Path,
    label: str,
    error: type[errors.TableError],
    request_: Request,
) -> None:
    await two_player_tally(service)
    before = dump(db_path)
    with pytest.raises(error) as raised:
        await request_(service)
    assert dump(db_path) == before, label
    english, japanese = raised.value.message("en"), raised.value.message("ja")
    assert english and japanese and english != japanese
    assert raised.value.key in CATALOGUE
    # The service still works normally afterwards.
    assert (await service.act("t1", "u2", "add 1")).version == 2


LOBBY_CASES: list[tuple[str, type[errors.TableError], Request]] = [
    ("unknown game", errors.UnknownGame, lambda s: s.start("c1", "u1", game="chess")),
    ("no game chosen", errors.NoGameChosen, lambda s: s.start("c1", "u1")),
    (
        "option out of range",
        errors.BadOptions,
        lambda s: s.start("c1", "u1", game="tally", options={"target": 1}),
    ),
    (
        "unknown option",
        errors.BadOptions,
        lambda s: s.choose_game("c1", "u1", "tally", {"speed": "fast"}),
    ),
    ("too few players", errors.TooFewPlayers, lambda s: s.start("c1", "u1", game="sealed")),
    (
        "too many players",
        errors.TooManyPlayers,
        lambda s: s.start("c1", "u1", game="sealed", bots=4),
    ),
    ("negative bots", errors.BadSetting, lambda s: s.start("c1", "u1", game="tally", bots=-1)),
    ("start by a stranger", errors.NotSeated, lambda s: s.start("c1", "u9", game="tally")),
    ("join twice", errors.AlreadySeated, lambda s: s.join("c1", "u1", name="Alice")),
    ("leave unseated", errors.NotSeated, lambda s: s.leave("c1", "u9")),
    ("move in a lobby", errors.NotStarted, lambda s: s.act("t1", "u1", "add 1")),
    ("status of a lobby", errors.NotStarted, lambda s: s.status("t1")),
    ("bot of a strange kind", errors.BadBotKind, lambda s: s.add_bot("c1", "u1", "smart")),
    ("remove a missing bot", errors.NoBotToRemove, lambda s: s.remove_bot("c1", "u1")),
]


@pytest.mark.parametrize(
    ("label", "error", "request_"), LOBBY_CASES, ids=[c[0] for c in LOBBY_CASES]
)
async def test_a_bad_lobby_request_gets_its_own_error_and_changes_nothing(
    service: TableService,
    db_path: Path,
    label: str,
    error: type[errors.TableError],
    request_: Request,
) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    await service.leave("c1", "u2")
    before = dump(db_path)
    with pytest.raises(error) as raised:
        await request_(service)
    assert dump(db_path) == before, label
    assert raised.value.message("en") != raised.value.message("ja")


async def test_only_the_host_or_a_moderator_starts(service: TableService, db_path: Path) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.join("c1", "u2", name="Bob")
    before = dump(db_path)
    with pytest.raises(errors.NotHost) as raised:
        await service.start("c1", "u2", game="tally")
    assert "Alice" in raised.value.message("en")
    assert dump(db_path) == before
    update = await service.start("c1", "u9", game="tally", moderator=True)
    assert update.table.status == "playing"


async def test_a_full_lobby_refuses_another_player(service: TableService, db_path: Path) -> None:
    await service.join("c1", "u1", name="Alice")
    await service.choose_game("c1", "u1", "sealed")
    for _ in range(3):
        await service.add_bot("c1", "u1")
    before = dump(db_path)
    with pytest.raises(errors.LobbyFull):
        await service.join("c1", "u2", name="Bob")
    with pytest.raises(errors.LobbyFull):
        await service.add_bot("c1", "u1")
    assert dump(db_path) == before


async def test_moves_after_the_end_and_after_abandoning_are_refused(
    service: TableService,
) -> None:
    update = await service.start("c1", "u1", game="tally", name="A", options={"target": 3})
    await service.act(update.table.id, "u1", "add 3")
    with pytest.raises(errors.GameFinished):
        await service.act(update.table.id, "u1", "add 1")
    update = await service.start("c1", "u1", game="tally", name="A")
    await service.abandon(update.table.id, "u1")
    with pytest.raises(errors.TableClosed):
        await service.act(update.table.id, "u1", "add 1")


async def test_an_ambiguous_move_names_the_candidates(service: TableService) -> None:
    update = await service.start("c1", "u1", game="stpetersburg", name="Alice")
    with pytest.raises(errors.MoveNotAllowed) as raised:
        await service.act(update.table.id, "u1", "buy")
    assert len(raised.value.candidates) >= 2
    assert all(c.startswith("buy ") for c in raised.value.candidates)
