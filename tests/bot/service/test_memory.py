"""The garbage-collector settings of a serving process."""

from __future__ import annotations

import gc

from bot.service.memory import YOUNG_THRESHOLD, tune_for_serving


def test_serving_freezes_what_exists_and_collects_the_young_rarely() -> None:
    threshold = gc.get_threshold()
    try:
        tune_for_serving()
        assert gc.get_freeze_count() > 1000  # the imported modules and their data
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *threshold[1:])
        made = [[n] for n in range(100)]  # made afterwards: seen by the collector as usual
        assert any(o is made for o in gc.get_objects())
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
