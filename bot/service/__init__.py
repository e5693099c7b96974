"""The table service: tables, lobby, reminders, updates, store, settings, messages. No discord import."""
