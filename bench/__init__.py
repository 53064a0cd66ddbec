"""Reverie's benchmarks (``make bench``): not part of the test suite."""
