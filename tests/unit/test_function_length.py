"""No function in reverie/ is over 80 lines, but for an allowlist that may only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 80

# Functions not shortened yet (none since issue #21 item 4). Never add one.
ALLOWED: set[tuple[str, str]] = set()


def long_functions() -> dict[tuple[str, str], int]:
    """Return (module path, qualified name) → lines of every function over MAX_LINES."""
    found: dict[tuple[str, str], int] = {}
    for path in sorted((ROOT / "reverie").rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        found.update(_long_in(ast.parse(path.read_text(encoding="utf-8")), module, ""))
    return found


def _long_in(node: ast.AST, module: str, prefix: str) -> dict[tuple[str, str], int]:
    found: dict[tuple[str, str], int] = {}
    for child in ast.iter_child_nodes(node):
        name = prefix
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{prefix}{child.name}"
            lines = (child.end_lineno or child.lineno) - child.lineno + 1
            if not isinstance(child, ast.ClassDef) and lines > MAX_LINES:
                found[(module, name)] = lines
            name += "."
        found.update(_long_in(child, module, name))
    return found


def test_no_function_in_reverie_is_over_80_lines_but_the_allowlisted() -> None:
    """A new long function fails the test, naming it and its length."""
    over = {key: n for key, n in long_functions().items() if key not in ALLOWED}
    assert over == {}, f"functions over {MAX_LINES} lines (split them): {over}"


def test_the_allowlist_names_only_functions_still_too_long() -> None:
    """A function shortened leaves the allowlist, so the list only shrinks."""
    stale = ALLOWED - long_functions().keys()
    assert stale == set(), f"no longer over {MAX_LINES} lines, remove from ALLOWED: {stale}"
