"""The CLI's own error, shared by the sub-command modules and the entry point."""

from __future__ import annotations


class CliError(Exception):
    """A user-facing error: printed as one line, exit status 2."""
