"""The Discord adapter's cogs, loaded in this order by Bot.setup_hook; each stays thin."""

EXTENSIONS: tuple[str, ...] = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.stpetersburg",
    "bot.cogs.admin",
    "bot.cogs.ticker",
)
