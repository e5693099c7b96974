"""Issue 24 through Discord: component clicks are rate limited per member, never normal play."""

from __future__ import annotations

from bot.service.config import LimitSettings
from bot.service.limits import RateLimiter
from tests.bot.conftest import Clock
from tests.bot.discord.conftest import World
from tests.bot.discord.driver import components_of, latest_board
from tests.bot.discord.test_adapter import two_player_game


async def test_a_member_flooding_clicks_is_refused_privately_but_never_one_a_second(
    world: World,
) -> None:
    """Finding 3: 40 clicks of "My hand" in a burst were all answered; now the ones over the
    member's limit get a private "slow down" and nothing else, and a click every second (for
    longer than the longest window) is never refused. Others are not held back."""
    alice, bob, thread = await two_player_game(world)
    limits = world.settings.limits
    assert [(c.limit, c.window) for c in world.bot.click_limits] == [
        (limits.clicks_per_10_seconds, 10.0),
        (limits.clicks_per_minute, 60.0),
    ]
    clock = Clock()
    defaults = LimitSettings()  # the world's limits are raised for the other tests
    world.bot.click_limits = (
        RateLimiter(defaults.clicks_per_10_seconds, 10.0, clock=clock),
        RateLimiter(defaults.clicks_per_minute, 60.0, clock=clock),
    )
    board = latest_board(thread)
    hand_id = next(
        c["custom_id"] for c in components_of(board) if c["custom_id"].startswith("spt:hand")
    )

    def refused(result: object) -> bool:
        replies = [getattr(result, "response", None), *getattr(result, "followups", [])]
        slow = [r for r in replies if r is not None and "Too many clicks" in r.content]
        assert all(r.ephemeral for r in slow)
        return bool(slow)

    burst = [refused(await alice.click(board, custom_id=hand_id)) for _ in range(40)]
    assert 0 < burst.count(False) <= defaults.clicks_per_10_seconds
    assert not refused(await bob.click(board, custom_id=hand_id))
    clock.advance(60.0)
    steady = []
    for _ in range(75):
        clock.advance(1.0)
        steady.append(refused(await alice.click(board, custom_id=hand_id)))
    assert not any(steady)
