"""Games hosted through the contract alone: generated /start and move commands, menus, buttons,
the text board as alt text, AI seats; and every generated command within Discord's limits."""

from __future__ import annotations

import re
from typing import Any

import games
from bot.discord.board import default_renderer
from tests.bot.discord.conftest import GUILD_ID, World
from tests.bot.discord.driver import bot_messages, components_of

NAME = re.compile(r"^[-_\w]{1,32}$")
LIMIT = 25
DESCRIPTION_MAX = 100
COMBINED_MAX = 4000  # names, descriptions and values of a command with all it holds


def combined(option: dict[str, Any], lang: str | None = None) -> int:
    """Characters Discord counts against a command's combined limit, in one locale."""

    def local(key: str, entry: dict[str, Any]) -> str:
        return str((entry.get(f"{key}_localizations") or {}).get(lang, entry[key]))

    size = len(local("name", option)) + len(local("description", option))
    for choice in option.get("choices") or []:
        size += len(local("name", choice)) + len(str(choice["value"]))
    return size + sum(combined(o, lang) for o in option.get("options") or [])


def check_option(option: dict[str, Any], where: str) -> int:
    """Checks one command or option (and what it holds); the number of options checked."""
    name = option["name"]
    assert NAME.match(name) and name == name.lower(), where
    local = option.get("name_localizations") or {}
    assert "ja" in local, f"{where}: no Japanese name"
    assert NAME.match(local["ja"]) and local["ja"] == local["ja"].lower(), where
    for text in (option["description"], *(option.get("description_localizations") or {}).values()):
        assert 0 < len(text) <= DESCRIPTION_MAX, where
    choices = option.get("choices") or []
    assert len(choices) <= LIMIT, where
    for choice in choices:
        assert 0 < len(choice["name"]) <= DESCRIPTION_MAX
        assert "ja" in (choice.get("name_localizations") or {}), f"{where}: {choice['name']}"
    inner = option.get("options") or []
    assert len(inner) <= LIMIT, where
    required = [o.get("required", False) for o in inner]
    assert required == sorted(required, reverse=True), f"{where}: required options come first"
    return 1 + sum(check_option(o, f"{where} {o['name']}") for o in inner)


async def test_every_generated_command_is_named_localised_and_within_limits(world: World) -> None:
    commands = {c["name"]: c for c in world.env.backend.commands[GUILD_ID].values()}
    start = {o["name"]: o for o in commands["start"]["options"]}
    assert set(start) == {g.id for g in games.all()}
    checked = check_option(commands["start"], "/start")
    for game in games.all():
        specs = {spec.name for spec in game.option_specs()}
        offered = {o["name"] for o in start[game.id]["options"]}
        assert offered == {"bots", "ai", "remind_hours"} | specs
        kinds = next(o for o in start[game.id]["options"] if o["name"] == "ai")["choices"]
        assert [c["value"] for c in kinds] == [k.key for k in game.ai_kinds()]
        if game.commands is not None:
            group = commands[game.commands.name]
            assert {o["name"] for o in group["options"]} == {c.name for c in game.commands.commands}
            checked += check_option(group, f"/{group['name']}")
    assert checked > 30
    for command in commands.values():
        for lang in (None, "ja"):
            assert combined(command, lang) <= COMBINED_MAX, (command["name"], lang)
    handful = {o["name"]: o for o in start["handful"]["options"]}
    assert handful["open_hands"]["type"] == 5
    assert handful["open_hands"]["name_localizations"]["ja"] == "手札公開"
    assert (handful["turns"]["min_value"], handful["turns"]["max_value"]) == (1, 9)
    assert [c["value"] for c in handful["goal"]["choices"]] == ["high", "low"]
    assert handful["goal"]["choices"][1]["name_localizations"]["ja"] == "低い方が勝ち"
    play = {o["name"]: o for o in commands["handful"]["options"]}
    assert play["play"]["name_localizations"]["ja"] == "出す"
    assert play["play"]["options"][0]["autocomplete"]
    assert play["number"]["options"][0]["max_value"] == 9


async def start_handful(world: World, member: Any, **options: Any) -> Any:
    await member.slash(world.channel, "start handful", **options)
    (thread,) = world.channel.threads
    return thread


def board_of(thread: Any) -> Any:
    return [m for m in bot_messages(thread) if "To act:" in m.content][-1]


async def test_a_game_with_secrets_is_hosted_from_its_declarations(world: World) -> None:
    world.bot.renderer = default_renderer()
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(world.channel, "join")
    await bob.slash(world.channel, "join")
    thread = await start_handful(world, alice, bots=1, ai="greedy", turns=2, goal="low")
    board = board_of(thread)
    assert "Handful begins: alice starts." in board.content  # the start event, narrated
    (image,) = board.attachments
    assert image.description.startswith("Deck ") and "alice: 0 – 3 cards" in image.description
    public = components_of(board)
    # Hands are secret: playing a card is offered only in the private panel.
    assert not any(c["type"] == 3 for c in public)
    styles = {c["custom_id"].rsplit(":", 1)[-1]: c.get("style") for c in public}
    assert styles["draw"] == 1 and styles["pass"] == 4  # the groups' tones: primary, danger

    hand_id = next(c["custom_id"] for c in public if c["custom_id"].startswith("spt:hand"))
    panel = await alice.click(board, custom_id=hand_id)
    private = panel.response
    assert private is not None and private.ephemeral
    state = await world.bot.service.hand("t1", str(alice.id))
    own = state.view.hands["alice"]
    assert " ".join(map(str, own)) in private.content  # the text board of her own view
    (menu,) = [c for c in components_of(private) if c["type"] == 3]
    assert ":play" in menu["custom_id"] and menu["placeholder"] == "Play a card…"
    assert {o["value"] for o in menu["options"]} == {f"play {c}" for c in set(own)}

    choices = await alice.autocomplete(thread, "handful play", "card", "")
    assert {c["value"] for c in choices} == {f"play {c}" for c in set(own)}
    card = min(own)
    result = await alice.slash(thread, "handful number", value=card)
    assert result.response is not None and result.response.ephemeral
    after = board_of(thread)
    assert f"alice played {card}." in after.content
    drawn = await bob.slash(thread, "handful other", action="draw")
    assert any("You drew a" in m.content and m.ephemeral for m in drawn.followups)
    assert "Bot 1 played" in board_of(thread).content  # the greedy AI seat moved on its own
    seen_by_bob = "\n".join(m.content for m in thread.history(viewer=bob))
    assert private.content not in seen_by_bob


async def test_open_hands_put_plays_on_the_public_board(world: World) -> None:
    alice = world.member("alice")
    thread = await start_handful(world, alice, open_hands=True)
    (menu,) = [c for c in components_of(board_of(thread)) if c["type"] == 3]
    assert ":play" in menu["custom_id"]
    await alice.select(board_of(thread), [menu["options"][0]["value"]], custom_id=menu["custom_id"])
    assert "alice played" in board_of(thread).content


async def play_from_panel(member: Any, thread: Any, move: str) -> str:
    """Open "My hand" on the latest board, click the button of `move`; the final board's text."""
    board = board_of(thread)
    hand_id = next(c["custom_id"] for c in components_of(board) if "hand" in c["custom_id"])
    panel = await member.click(board, custom_id=hand_id)
    assert panel.response is not None and panel.response.ephemeral
    button = next(c for c in components_of(panel.response) if c["custom_id"].endswith(f":{move}"))
    await member.click(panel.response, custom_id=button["custom_id"])
    final = [m for m in bot_messages(thread) if "game is over" in m.content]
    assert final, "the game did not end"
    return final[-1].content


async def test_the_small_test_games_play_through_start_options_and_buttons(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start tally", target=3)
    (thread,) = world.channel.threads
    # A game that declares no presentation shows its moves only in the private panel.
    assert [c["custom_id"] for c in components_of(board_of(thread))] == ["spt:hand:t1:0"]
    assert "alice added 3." in await play_from_panel(alice, thread, "add 3")


async def test_a_simultaneous_game_is_played_from_private_panels(world: World) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "start sealed", rounds=1, bots=1, ai="greedy")
    (thread,) = world.channel.threads
    assert "Bids revealed" in await play_from_panel(alice, thread, "bid 2")


async def test_rules_say_how_to_play_from_the_games_commands(world: World) -> None:
    alice = world.member("alice")
    result = await alice.slash(world.channel, "rules", game="handful")
    text = result.response.content
    assert "secret hand" in text and "`/start handful`" in text
    assert "`/handful play`" in text and "`open_hands:`" in text


def test_alt_text_is_the_text_board_clipped_to_discords_limit(monkeypatch: Any) -> None:
    from bot.discord.board import ALT_TEXT_MAX, alt_text

    game = games.get("handful")
    view = game.view(game.new(["a", "b"], seed=1), None)
    assert alt_text(view, "ja") == game.board_text(view, lang="ja")
    monkeypatch.setattr(type(game), "board_text", lambda self, view, **kw: "x" * 5000)
    clipped = alt_text(view, "en")
    assert clipped is not None and len(clipped) == ALT_TEXT_MAX and clipped.endswith("…")
