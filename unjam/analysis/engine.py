"""`analyze()`: the one entry point of the static analyser (called by `unjam check` and the
doctor). Files → cached summaries → linked project → FastAPI model → call graph → findings.

Robustness contract: whatever the input, `analyze` returns a result. A file that does not
parse, cannot be read, is larger than `max_file_size`, or whose analysis raises, is listed in
`unparsed` with a one-line reason; the rest of the project is still analysed.
"""

from __future__ import annotations

import gc
import hashlib
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from unjam.analysis.cache import Cache, content_key, version_key
from unjam.analysis.catalogue import load_catalogue
from unjam.analysis.linker import Linker
from unjam.model import Finding

if TYPE_CHECKING:
    from unjam.analysis.summary import ModuleSummary

# The parser, linker and rules are imported only when something changed: a warm run (the
# common case in an editor or a pre-commit hook) needs the cache index alone.

# A list when the process exits right after this run (`unjam check`, see unjam.cli): the
# summaries and the linked project — millions of small objects, ~0.4 s to free on a
# 3,000-file tree — are kept here instead of being freed, and the exit leaves them to the
# operating system. None (the default, any library use): freed as usual.
RETAIN_FOR_EXIT: list | None = None


@dataclass
class AnalysisResult:
    findings: list[Finding]  # sorted by (path, line, column, code)
    files: int  # python files analysed (parsed or not)
    unparsed: list[tuple[str, str]]  # (path relative to root, one-line reason)
    seconds: float
    # wall seconds per phase of this run (for benchmarks; not part of any output format)
    phases: dict[str, float] = field(default_factory=dict)
    notes: list[tuple[str, int, str]] = field(default_factory=list)  # (path, line, message)


def _relpath(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return Path(os.path.relpath(path, root)).as_posix()


def analyze(
    root: Path,
    files: Sequence[Path | str],
    *,
    extra_catalogue: Sequence[Mapping] = (),
    cache_dir: Path | None = None,
    jobs: int | None = None,
    max_file_size: int | None = None,
    target: tuple[int, int] | None = None,
    held_back: Sequence[Path | str] = (),
) -> AnalysisResult:
    """Analyse `files` (under `root`). `jobs`: worker processes for parsing (None = one per
    core when enough files need parsing, 1 = none). `max_file_size`: bytes; a larger file is
    skipped with a reason (parse time and memory grow with a file's size). `target`: the
    Python version to read files as (default: this one's; see `target.py`). `held_back`:
    files named as tests (discovery.py), analysed only if the others import them."""
    started = time.perf_counter()
    gc_enabled = gc.isenabled()
    gc.disable()  # millions of small acyclic tuples: the cyclic GC only slows us down
    limits = _Limits(max_file_size, target)
    try:
        return _analyze(root, files, held_back, extra_catalogue, cache_dir, started, jobs, limits)
    finally:
        if gc_enabled:
            gc.enable()


@dataclass(frozen=True)
class _Limits:
    max_file_size: int | None
    target: tuple[int, int] | None

    @property
    def key(self) -> str:
        """What the cached summaries and results also depend on."""
        return f"-max{self.max_file_size}-py{self.target}" if self != _NO_LIMITS else ""

    def too_large(self, size: int) -> str | None:
        limit = self.max_file_size
        if limit is None or size <= limit:
            return None
        return (
            f"skipped: {_megabytes(size)} is over the per-file limit of {_megabytes(limit)} "
            "(raise max-file-size in [tool.unjam] to analyse it)"
        )


_NO_LIMITS = _Limits(None, None)


def _megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def _analyze(
    root, files, held_back, extra_catalogue, cache_dir, started, jobs, limits
) -> AnalysisResult:
    """The pipeline: files → summaries → project → findings, each step a method of `_Run`;
    a run whose files and settings are those of the cached result stops after the summaries
    it had to make."""
    catalogue = load_catalogue(extra_catalogue)
    run = _Run(root, files, held_back, catalogue, Cache(cache_dir, limits.key), limits)
    lap = _Laps()
    changed = run.triage()
    lap("stat")
    fresh = run.summarise(changed.misses, jobs) + changed.oversized
    lap("read+summarise")
    run.remember(fresh, changed.hashes)
    key = run.result_key(changed.hashes)
    if (cached := run.cached_result(key)) is not None:
        lap("cache hit")
        findings, unparsed, notes = cached
        elapsed = time.perf_counter() - started
        return AnalysisResult(findings, run.files, unparsed, elapsed, lap.phases, notes)
    plains = run.plain_summaries(changed, fresh, jobs)
    lap("load cached summaries")
    run.convert(plains, changed.hashes)
    lap("from_plain")
    findings, unparsed, notes = run.link_and_check()
    if RETAIN_FOR_EXIT is not None:
        RETAIN_FOR_EXIT.append((plains, run.summaries, fresh))
    lap("link+rules")
    if cache_dir is not None:
        run.save(key, (findings, unparsed, notes), changed.hashes)
        lap("save cache")
    elapsed = time.perf_counter() - started
    return AnalysisResult(findings, run.files, unparsed, elapsed, lap.phases, notes)


class _Laps:
    """Wall seconds per phase, each call closing the phase that ends there (for benchmarks:
    `AnalysisResult.phases`)."""

    def __init__(self) -> None:
        self.phases: dict[str, float] = {}
        self._clock = time.perf_counter()

    def __call__(self, name: str) -> None:
        now = time.perf_counter()
        self.phases[name] = self.phases.get(name, 0.0) + now - self._clock
        self._clock = now


@dataclass
class _Triage:
    """The files sorted by what the cache knows of them: `unchanged` (same mtime and size as
    cached: not even read, their digest in `hashes`), `misses` (to read) and `oversized`
    (rows (path, mtime, size, "", reason) of files over the size limit, never read)."""

    hashes: dict[str, str] = field(default_factory=dict)
    unchanged: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    oversized: list[tuple] = field(default_factory=list)


class _Run:
    """One analysis: the files, the cache, and the summaries as they are made or loaded.

    `summaries` (path → ModuleSummary, or the reason a file has none) is filled as files are
    read and linked into the project as they arrive (in `paths` order) while the next files
    are summarised; the linker needs every one unless the cached result is used, which a
    cold run's is not."""

    def __init__(self, root, files, held_back, catalogue, cache: Cache, limits: _Limits) -> None:
        self.root = Path(os.path.abspath(root))
        named = {os.path.abspath(f) for f in files}
        self.held = frozenset(os.path.abspath(f) for f in held_back) - named
        self.paths = sorted(named | self.held)  # (held-back files are read, and cached, too)
        self.files = len(named)
        self.catalogue = catalogue
        self.cache = cache
        self.limits = limits
        self.rel = _relative_paths(self.paths, self.root)
        self.summaries: dict[str, ModuleSummary | str] = {}
        self.linker: Linker | None = None

    def triage(self) -> _Triage:
        """Stat the files the cache knows (and every file when sizes are limited)."""
        found = _Triage()
        files, limits = self.cache.files, self.limits
        check_size = limits.max_file_size is not None
        for path in self.paths:
            known = files.get(path)
            if known is not None or check_size:
                try:
                    st = os.stat(path)
                except OSError:
                    st = None
                if st is not None and check_size and (reason := limits.too_large(st.st_size)):
                    found.oversized.append((path, st.st_mtime_ns, st.st_size, "", reason))
                    continue
                stamp = None if st is None else (st.st_mtime_ns, st.st_size)
                if known is not None and stamp == known[:2]:
                    found.hashes[path] = known[2]
                    found.unchanged.append(path)
                    continue
            found.misses.append(path)
        self.summaries.update((row[0], row[4]) for row in found.oversized)
        return found

    def summarise(self, paths: list[str], jobs: int | None) -> list[tuple]:
        """Read and summarise `paths`: rows (path, mtime, size, digest, plain summary)."""
        if paths:
            self.start_linker()
        return read_summaries(
            paths, jobs, self.cache, self.summaries, self.linker, self.limits.target
        )

    def start_linker(self) -> Linker:
        """The linker, made on first use: before reading when files are to be read (it links
        them as they arrive), else when the summaries are all in."""
        if self.linker is None:
            self.linker = Linker(
                self.root,
                self.paths,
                self.rel,
                self.catalogue,
                self.summaries,
                RETAIN_FOR_EXIT,
                self.held,
            )
        return self.linker

    def remember(self, fresh: list[tuple], hashes: dict[str, str]) -> None:
        """The digests of the files just read, in `hashes` and the cache's file index."""
        for path, mtime, size, digest, _plain in fresh:
            hashes[path] = digest
            if digest:
                self.cache.files[path] = (mtime, size, digest)

    def result_key(self, hashes: dict[str, str]) -> str:
        """What the final result depends on: unjam, the limits, the catalogue, every file."""
        key = hashlib.blake2b(digest_size=20)
        settings = f"{version_key()}{self.limits.key}\0{self.catalogue.digest}\0{self.root}"
        key.update(settings.encode(errors="surrogateescape"))
        for path in self.paths:  # (a file name that is not UTF-8 holds surrogates: its bytes)
            key.update(
                f"\0{self.rel[path]}\0{hashes.get(path, '')}".encode(errors="surrogateescape")
            )
        return key.hexdigest()

    def cached_result(self, key: str) -> tuple[list, list, list] | None:
        """(findings, unparsed, notes) of the last run, when it had this key."""
        final = self.cache.final
        if final is None or final[0] != key:
            return None
        findings, unparsed, notes = final[1]
        return list(findings), list(unparsed), list(notes)

    def plain_summaries(self, changed: _Triage, fresh: list[tuple], jobs: int | None) -> dict:
        """Every file's summary in plain form: the unchanged files' from the cache (loaded
        only now; one evicted from it is read again), the others' as just read."""
        plains: dict[str, tuple | str] = {}
        stored = self.cache.summaries
        evicted = []
        for path in changed.unchanged:
            plain = stored.get(content_key(path, changed.hashes[path]))
            if plain is None:
                evicted.append(path)
            else:
                plains[path] = plain
        reread = read_summaries(
            evicted, jobs, self.cache, self.summaries, self.linker, self.limits.target
        )
        for path, _mtime, _size, digest, plain in [*fresh, *reread]:
            if digest:
                changed.hashes[path] = digest
                stored[content_key(path, digest)] = plain
            plains[path] = plain
        return plains

    def convert(self, plains: dict, hashes: dict[str, str]) -> None:
        """Start saving the summaries (while the rest is linked, if the cache saves at all)
        and make the summaries not yet made from their plain form."""
        self.cache.start_saving_summaries(_keep(hashes))
        if len(self.summaries) < len(plains):
            from unjam.analysis.summary import from_plain

            for path, plain in plains.items():
                if path not in self.summaries:
                    self.summaries[path] = _summary(from_plain, plain)

    def link_and_check(self) -> tuple[list[Finding], list[tuple[str, str]], list[tuple]]:
        """Link, model, graph, rules — every failure contained; results in a stable order,
        and the notes on what the check could not see (unseen_routes.py)."""
        from unjam.analysis.unseen_routes import (
            refused_route_notes,
            unimportable_notes,
            unseen_route_notes,
        )

        linker = self.start_linker()
        findings, unparsed = linker.analyse()
        model = linker.model
        notes = unseen_route_notes(model) + refused_route_notes(model)
        return findings, unparsed, notes + unimportable_notes(model)

    def save(self, key: str, result: tuple, hashes: dict[str, str]) -> None:
        """The result (findings, unparsed, notes) and the index of the files it came from."""
        cache = self.cache
        cache.final = (key, result)
        cache.files = {p: v for p, v in cache.files.items() if p in hashes}
        cache.save(_keep(hashes))


def _keep(hashes: dict[str, str]) -> set[str]:
    """The cache keys of the summaries this run used (the others may go)."""
    return {content_key(p, d) for p, d in hashes.items() if d}


def _relative_paths(paths: list[str], root: Path) -> dict[str, str]:
    prefix = os.path.join(str(root), "")
    return {
        path: (
            path[len(prefix) :].replace(os.sep, "/")
            if path.startswith(prefix)
            else _relpath(Path(path), root)
        )
        for path in paths
    }


def _summary(from_plain, plain: tuple | str) -> ModuleSummary | str:
    try:
        return from_plain(plain) if isinstance(plain, tuple) else plain
    except Exception:
        return "internal error: unreadable cached summary"


def read_summaries(
    paths: list[str],
    jobs: int | None,
    cache: Cache,
    summaries: dict,
    linker: Linker | None,
    target: tuple[int, int] | None,
) -> list[tuple]:
    """`read_all`, handing the workers' marshalled chunks to the cache to save as they are,
    and converting each chunk of rows into `summaries` (by path), then linking what it can,
    while the rest are read."""
    if not paths:
        return []
    from unjam.analysis.parse import read_all
    from unjam.analysis.summary import from_plain

    def convert(rows: list[tuple]) -> None:
        for row in rows:
            summaries[row[0]] = _summary(from_plain, row[4])
        if linker is not None:
            linker.link_ready()

    blobs: list[bytes] = []
    rows = read_all(paths, jobs, blobs, convert, target)
    if blobs:
        cache.add_blobs(blobs, {content_key(p, d) for p, _m, _s, d, _x in rows if d})
    return rows
