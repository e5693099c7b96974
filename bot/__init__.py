"""The application: table service, store, Discord and console adapters."""
