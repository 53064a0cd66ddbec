"""One BLAS thread for the local model and the dream's neighbour lists, while a block runs.

NumPy's OpenBLAS splits every matrix product over all CPUs. The encoder's products are
small (a few dozen tokens by 384), so its threads spend more time handing work over
than computing, and on a shared machine they wait for a CPU: on the 2-CPU bench machine
at load 8-10, 2,048 statements embedded in 33 s with two threads and 9 s with one (the
same vectors, bit for bit); the dream's neighbour pass (reverie/handlers/dream/knn.py)
loses the same way under load. :func:`single_threaded` limits OpenBLAS to one thread while
a block runs. The limit is process-wide (OpenBLAS has no per-thread setting), so it is
counted: the first block to enter sets it, the last to leave restores the previous
count. Without OpenBLAS (another BLAS, no ``/proc``) it does nothing.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["single_threaded"]

_SETTERS = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)
_GETTERS = (
    "scipy_openblas_get_num_threads64_",
    "scipy_openblas_get_num_threads",
    "openblas_get_num_threads64_",
    "openblas_get_num_threads",
)


@dataclass(frozen=True)
class _OpenBLAS:
    set_threads: Callable[[int], None]
    get_threads: Callable[[], int]


_lock = threading.Lock()
_users = 0  # blocks running under the limit
_saved = 0  # the thread count before the first of them
_looked_up = False
_api: _OpenBLAS | None = None


def _loaded_openblas() -> list[str]:
    """Paths of the OpenBLAS libraries mapped into this process (Linux), NumPy's among them."""
    import numpy  # noqa: F401  (loads NumPy's BLAS, if nothing has yet)

    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return []
    fields = (line.split(None, 5) for line in maps.splitlines())
    paths = {f[5].strip() for f in fields if len(f) == 6}  # address ... inode pathname
    return sorted(p for p in paths if "openblas" in Path(p).name.lower() and ".so" in p)


def _lookup() -> _OpenBLAS | None:
    for path in _loaded_openblas():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        setter = next((getattr(lib, s) for s in _SETTERS if hasattr(lib, s)), None)
        getter = next((getattr(lib, g) for g in _GETTERS if hasattr(lib, g)), None)
        if setter is not None and getter is not None:
            setter.argtypes, setter.restype = [ctypes.c_int], None
            getter.argtypes, getter.restype = [], ctypes.c_int
            return _OpenBLAS(setter, getter)
    return None


def _functions() -> _OpenBLAS | None:
    global _api, _looked_up
    if not _looked_up:
        _api, _looked_up = _lookup(), True
    return _api


@contextmanager
def single_threaded() -> Iterator[None]:
    """Run the block with OpenBLAS limited to one thread (see the module)."""
    global _users, _saved
    with _lock:
        api = _functions()
        if api is not None and _users == 0:
            _saved = int(api.get_threads())
            if _saved != 1:
                api.set_threads(1)
        _users += 1
    try:
        yield
    finally:
        with _lock:
            _users -= 1
            if api is not None and _users == 0 and _saved != 1:
                api.set_threads(_saved)
