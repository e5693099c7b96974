"""Pillow renderers: game views to PNG bytes; no discord, no I/O."""
