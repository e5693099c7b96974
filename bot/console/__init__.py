"""The console adapter: the table service driven from a terminal prompt."""
