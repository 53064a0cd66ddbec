"""``python -m tests.integration.upgraded ARGS``: the ``reverie`` command of a release that
supports envelope ``schema_version`` 2 (issue #22's test of a redrive once the cause is fixed)."""

from __future__ import annotations

import sys

from reverie.domain import events

if __name__ == "__main__":
    events.SCHEMA_VERSION = 2
    from reverie.cli.main import main

    sys.exit(main())
