"""The Discord adapter's cogs, loaded in this order by Bot.setup_hook; each stays thin."""

EXTENSIONS: tuple[str, ...] = (
    "bot.discord.cogs.lobby",
    "bot.discord.cogs.play",
    "bot.discord.cogs.admin",
    "bot.discord.cogs.generated",
    "bot.discord.cogs.ticker",
    "bot.discord.cogs.stats",
    "bot.discord.cogs.after",
    "bot.discord.cogs.undo",
    "bot.discord.cogs.members",
    "bot.discord.cogs.review",
)
