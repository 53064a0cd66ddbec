"""The user's cache of derived data: used when fresh, rebuilt when stale or torn, never
required."""

from __future__ import annotations

from pathlib import Path

import pytest

from reverie.cachedir import cache_dir, derived


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REVERIE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "data.txt"
    path.write_text("one\ntwo\n")
    return path


def _builder(calls: list[int], value: object) -> object:
    def build() -> object:
        calls.append(1)
        return value
    return build


def test_a_second_read_comes_from_the_cache(source: Path) -> None:
    """The first call builds and stores; the second reads the entry without building."""
    calls: list[int] = []
    build = _builder(calls, {"a": (1, 2)})
    assert derived("t", source, build, lambda v: isinstance(v, dict)) == {"a": (1, 2)}
    assert derived("t", source, build, lambda v: isinstance(v, dict)) == {"a": (1, 2)}
    assert calls == [1]


def test_a_changed_source_is_built_again(source: Path) -> None:
    """An entry is keyed by its source's digest: new data is never answered from old."""
    calls: list[int] = []
    derived("t", source, _builder(calls, {"v": 1}), lambda v: True)
    source.write_text("three\n")
    assert derived("t", source, _builder(calls, {"v": 2}), lambda v: True) == {"v": 2}
    assert calls == [1, 1]


def test_a_torn_or_invalid_entry_is_rebuilt(source: Path) -> None:
    """Bytes marshal cannot read, or a value ``valid`` refuses, are replaced by a build."""
    calls: list[int] = []
    derived("t", source, _builder(calls, {"v": 1}), lambda v: True)
    (entry,) = Path(cache_dir() or "").glob("t-*.marshal")
    entry.write_bytes(b"\x00garbage")
    assert derived("t", source, _builder(calls, {"v": 1}), lambda v: True) == {"v": 1}
    assert derived("t", source, _builder(calls, {"v": 1}), lambda v: False) == {"v": 1}
    assert calls == [1, 1, 1]
    assert not list(entry.parent.glob("*.tmp"))


def test_no_writable_directory_still_builds(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache directory that cannot be made leaves only the build (no error)."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("REVERIE_CACHE_DIR", str(blocker / "below-a-file"))
    assert cache_dir() is None
    source = tmp_path / "data.txt"
    source.write_text("x")
    assert derived("t", source, lambda: {"v": 3}, lambda v: True) == {"v": 3}


def test_the_lexicon_reads_as_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The WordNet tables read back from the cache equal those parsed from the data."""
    from reverie.judges import lexicon

    monkeypatch.setenv("REVERIE_CACHE_DIR", str(tmp_path))
    parsed = lexicon._parse()
    first = derived("wordnet", lexicon._DATA, lexicon._parse, lexicon._valid)
    again = derived("wordnet", lexicon._DATA, lambda: pytest.fail("rebuilt"), lexicon._valid)
    assert first == parsed and again == parsed
