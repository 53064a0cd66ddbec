"""Suite-wide settings: property tests are derandomized unless asked otherwise.

``make test`` (and CI) run every Hypothesis test with a fixed seed derived from the
test, so a landing never depends on luck. Explore with random seeds elsewhere::

    make fuzz          # HYPOTHESIS_PROFILE=explore: random seeds, 2,000 examples a test

A failure found that way becomes an ``@example`` on the test.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile(
    "explore", derandomize=False, max_examples=2000, print_blob=True, deadline=None
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
