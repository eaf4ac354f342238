"""The analysis cache, in the cache directory (by default `<root>/.unjam-cache`).

Two files, whatever the project size (never one file per source file):
- `index.pickle` (small): per file (mtime_ns, size, content hash), so unchanged files are not
  even read, and the last final result keyed by the hash of every (path, content hash) plus
  the catalogue digest and unjam's version — a warm run with no change reads only this;
- `summaries.marshal`: per content hash, the module summary in its plain form (`marshal` is
  an order of magnitude faster than pickling objects), loaded only when something changed.
  It holds the worker processes' marshalled result chunks as they arrived (rows of path,
  mtime, size, hash, summary) plus one dict for the rest, so a cold run writes its cache
  without marshalling every summary a second time.
A corrupt or foreign cache file is ignored, never an error; a read-only tree runs uncached.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from pathlib import Path
from typing import Any

INDEX = "index.pickle"
SUMMARIES = "summaries.marshal"


_VERSION: str | None = None


def content_key(path: str, digest: str) -> str:
    """The summaries' cache key: a package's `__init__.py` is summarised differently from a
    module with the same bytes."""
    return digest + ("p" if path.endswith("__init__.py") else "")


def version_key() -> str:
    """unjam's version, Python's, and a digest of the engine's own source and of the native
    extension in use (its shared library's size and time): a cache written by a different
    engine (even an unreleased edit, or a rebuilt extension) is never reused. (The mypyc-
    compiled modules need no entry: they run only when built from these very sources.)"""
    global _VERSION
    if _VERSION is None:
        from importlib.util import find_spec

        from unjam import __version__

        digest = hashlib.blake2b(digest_size=8)
        here = Path(__file__).parent
        # every source and data file of the analyser: a hand-kept list goes stale as soon as
        # a module is split or a rule added, and a stale key reuses wrong results
        for source in sorted([*here.rglob("*.py"), *here.rglob("*.toml")]):
            digest.update(source.relative_to(here).as_posix().encode())
            digest.update(source.read_bytes())
        # the extension as `parse.native_module()` would load it, found without importing
        # it (nor the parser: a warm run needs neither)
        native = None if os.environ.get("UNJAM_NATIVE", "1") == "0" else find_spec("unjam_native")
        if native is not None and native.origin:  # maturin's package: __init__.py beside .so
            # its size and modification time, not its bytes: it is megabytes to hash on
            # every run, and any rebuild writes it anew
            for library in sorted(Path(native.origin).parent.glob("*.so")):
                st = library.stat()
                digest.update(f"{library.name}:{st.st_size}:{st.st_mtime_ns}".encode())
        py = f"{sys.version_info[0]}.{sys.version_info[1]}"
        _VERSION = f"unjam-{__version__}-py{py}-{digest.hexdigest()}"
    return _VERSION


class Cache:
    def __init__(self, directory: Path | None, flavour: str = "") -> None:
        """`flavour`: what else the summaries depend on (the Python version files are parsed
        as): a cache written for another flavour is not reused."""
        self.directory = directory
        self.flavour = flavour
        self.files: dict[str, tuple[int, int, str]] = {}
        self.final: tuple[str, Any] | None = None
        self._summaries: dict[str, Any] | None = None
        self._blobs: list[bytes] = []  # marshalled row chunks written as they are
        self._blob_keys: set[str] = set()  # the keys those chunks hold
        self._saver = None  # the thread writing the summaries file, once started
        self._summaries_saved = False  # an index is written only beside its summaries
        if directory is not None:
            data = self._read(INDEX, pickle.load)
            if isinstance(data, dict) and data.get("version") == self.version:
                self.files = data.get("files", {})
                self.final = data.get("final")

    @property
    def version(self) -> str:
        return f"{version_key()}{self.flavour}"

    def _read(self, name: str, load) -> Any:
        try:
            with open(self.directory / name, "rb") as fh:
                return load(fh)
        except Exception:
            return None

    @property
    def summaries(self) -> dict[str, Any]:
        """content key → plain summary (or the reason it could not be parsed)."""
        if self._summaries is None:
            data = None
            if self.directory is not None and self.files:
                data = self._read(SUMMARIES, marshal.load)
            self._summaries = {}
            if isinstance(data, dict) and data.get("version") == self.version:
                try:
                    self._summaries = self._decode(data)
                except Exception:
                    self._summaries = {}
        return self._summaries

    @staticmethod
    def _decode(data: dict) -> dict[str, Any]:
        summaries: dict[str, Any] = {}
        for blob in data["rows"]:
            for path, _mtime, _size, digest, plain in marshal.loads(blob):
                if digest:
                    summaries[content_key(path, digest)] = plain
        summaries.update(marshal.loads(data["plain"]))
        return summaries

    def add_blobs(self, blobs: list[bytes], keys: set[str]) -> None:
        """Marshalled rows (path, mtime, size, hash, plain summary) from the workers, whose
        summaries are also in `summaries` under `keys`: saved as they are."""
        self._blobs.extend(blobs)
        self._blob_keys |= keys

    def start_saving_summaries(self, keep: set[str]) -> None:
        """Write the summaries file (those under `keep`) in a thread, while the caller goes
        on linking: the summaries are final once every file is read, and a cold run's file is
        tens of megabytes of chunks to write as they are. `save` waits for it."""
        if self.directory is None or self._summaries is None or self._saver is not None:
            return
        import threading

        version_key()  # computed here, not in the thread (it imports)
        self._saver = threading.Thread(target=self._save_summaries, args=(keep,), daemon=True)
        self._saver.start()

    def save(self, keep: set[str]) -> None:
        """Write the summaries (unless `start_saving_summaries` did), then the index."""
        if self.directory is None:
            return
        if self._saver is None:
            self._save_summaries(keep)
        else:
            self._saver.join()
        if not self._summaries_saved:
            return
        try:
            index = {"version": self.version, "files": self.files, "final": self.final}
            self._write(INDEX, pickle.dumps(index, protocol=pickle.HIGHEST_PROTOCOL))
        except (OSError, ValueError):
            pass

    def _save_summaries(self, keep: set[str]) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            gitignore = self.directory / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n")
            if self._summaries is not None:
                blob_keys = self._blob_keys
                kept = {
                    k: v for k, v in self._summaries.items() if k in keep and k not in blob_keys
                }
                data = {"version": self.version, "rows": self._blobs, "plain": marshal.dumps(kept)}
                self._write(SUMMARIES, marshal.dumps(data))
            self._summaries_saved = True
        except (OSError, ValueError):
            pass

    def _write(self, name: str, data: bytes) -> None:
        import tempfile  # (only a run that writes needs it: not a warm one)

        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{name}-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, self.directory / name)
