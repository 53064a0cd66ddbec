"""Import rules the layers keep: only the CLI imports ``reverie.cli``."""

from __future__ import annotations

import ast
from pathlib import Path

import reverie

ROOT = Path(reverie.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """Return the absolute module names a source file imports (relative imports resolved)."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def test_only_the_cli_imports_the_cli() -> None:
    """No module outside reverie/cli imports reverie.cli (a server never reaches into it)."""
    offenders = sorted(
        f"{path.relative_to(ROOT.parent)} imports {name}"
        for path in ROOT.rglob("*.py") if "cli" not in path.relative_to(ROOT).parts[:1]
        for name in imported_modules(path)
        if name == "reverie.cli" or name.startswith("reverie.cli.")
    )
    assert offenders == []
