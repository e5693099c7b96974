"""The Discord adapter: the bot client, its cogs, board messages and components, the translator."""
