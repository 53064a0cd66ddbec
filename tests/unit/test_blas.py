"""The local model's BLAS limit: one thread inside the block, the previous count after it."""

from __future__ import annotations

import threading

import pytest

from reverie.embeddings import blas


def _api() -> blas._OpenBLAS:
    api = blas._functions()
    if api is None:
        pytest.skip("NumPy's BLAS is not OpenBLAS here")
    return api


def test_one_thread_inside_and_the_previous_count_after() -> None:
    api = _api()
    before = api.get_threads()
    with blas.single_threaded():
        assert api.get_threads() == 1
        with blas.single_threaded():
            assert api.get_threads() == 1
        assert api.get_threads() == 1  # the outer block still runs
    assert api.get_threads() == before


def test_restored_after_an_error() -> None:
    api = _api()
    before = api.get_threads()
    with pytest.raises(RuntimeError), blas.single_threaded():
        raise RuntimeError("boom")
    assert api.get_threads() == before


def test_overlapping_blocks_in_two_threads_restore_once_both_end() -> None:
    api = _api()
    before = api.get_threads()
    entered, release = threading.Event(), threading.Event()

    def other() -> None:
        with blas.single_threaded():
            entered.set()
            release.wait(5)

    worker = threading.Thread(target=other)
    worker.start()
    entered.wait(5)
    with blas.single_threaded():
        assert api.get_threads() == 1
    assert api.get_threads() == 1  # the other thread's block is still running
    release.set()
    worker.join(5)
    assert api.get_threads() == before
