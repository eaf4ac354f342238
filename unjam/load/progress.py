"""The live progress line on a terminal: elapsed, requests, rate, errors, recent p99.

Printed to stderr with rich, only when stderr is a TTY — piped or captured output (CI,
`| tee`) gets the report alone. The engine hands over a snapshot every half second.
"""

from __future__ import annotations

import sys


class ProgressLine:
    def __init__(self) -> None:
        self.enabled = sys.stderr.isatty()
        self._console = None
        self._last_done = 0
        self._last_elapsed = 0.0
        if self.enabled:
            from rich.console import Console

            self._console = Console(stderr=True)

    def __call__(self, snap: dict) -> None:
        if not self.enabled or self._console is None:
            return
        elapsed = snap["elapsed_s"]
        span = elapsed - self._last_elapsed
        if span < 0.3:  # several workers report the same tick; draw once per tick
            return
        rate = (snap["done"] - self._last_done) / span
        self._last_done, self._last_elapsed = snap["done"], elapsed
        errors = snap["errors"]
        style = "red" if errors else "green"
        text = (
            f"\r[bold]{elapsed:6.1f}s[/]  {snap['done']:>9,} req  {rate:>9,.0f}/s  "
            f"[{style}]{errors:,} errors[/]  p99 {snap['p99_ns'] / 1e6:8.1f}ms  "
            f"in flight {snap['inflight']:,}   "
        )
        self._console.print(text, end="", highlight=False, soft_wrap=True)

    def close(self) -> None:
        if self.enabled and self._console is not None and self._last_done:
            self._console.print("\r" + " " * 90 + "\r", end="")
