"""A dream keeps the objects older than it out of the collector's full passes, and only
while it runs."""

from __future__ import annotations

import gc

from reverie.handlers.dream import runner
from reverie.handlers.dream.runner import _older_objects_frozen


def test_older_objects_are_frozen_while_dreams_run_and_thawed_after() -> None:
    # (the count only falls meanwhile as frozen objects are freed by reference counting)
    assert gc.get_freeze_count() == 0
    with _older_objects_frozen():
        assert gc.get_freeze_count() > 0
        with _older_objects_frozen():  # a second dream at once: nothing thawed early
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_a_process_that_froze_objects_itself_is_left_alone() -> None:
    gc.freeze()
    try:
        with _older_objects_frozen():
            assert not runner._we_froze  # not ours to thaw
        assert gc.get_freeze_count() > 0  # the process's own freeze stands
    finally:
        gc.unfreeze()


def test_without_the_collector_nothing_is_frozen() -> None:
    gc.disable()
    try:
        with _older_objects_frozen():
            assert gc.get_freeze_count() == 0
    finally:
        gc.enable()
