"""Discord with the search AI: `/start stpetersburg ai:strong` on a tiny budget plays to the end,
every interaction answered within Discord's 3 seconds."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.service.thinking import Thinker, ThinkingSettings
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import DISCORD_ANSWER_LIMIT, Timing, play_to_the_end


async def test_a_game_against_a_strong_bot_goes_on_and_answers_in_time(world: World) -> None:
    with ThreadPoolExecutor(max_workers=1) as threads:
        world.bot.service.thinker = Thinker(ThinkingSettings(iterations=4), executor=threads)
        alice = world.member("alice")
        timing = Timing()
        await timing.run(alice.slash(world.channel, "start stpetersburg", bots=1, ai="strong"))
        (thread,) = world.channel.threads
        assert any("Bot 1 (strong bot)" in m.content for m in thread.history())
        final = await play_to_the_end(thread, {alice.id: alice}, timing)
    assert "game is over" in final.content and "Bot 1" in final.content
    assert len(timing.times) > 20
    assert timing.slowest < DISCORD_ANSWER_LIMIT
