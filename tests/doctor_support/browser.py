"""Headless Chromium driven over the DevTools protocol, for the HTML report tests.

A few JSON messages on a websocket (aiohttp's client) are enough to load a page, collect its
console errors, uncaught exceptions and failed loads, and evaluate an expression in it —
`--dump-dom` alone would not show the errors.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import tempfile
import time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium on a random DevTools port, stopped by pid."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="unjam-chromium-")
        self.proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                f"--user-data-dir={self.profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.port = self._devtools_port()

    def _devtools_port(self) -> int:
        deadline = time.monotonic() + 30
        assert self.proc.stderr is not None
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            hit = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if hit:
                return int(hit.group(1))
            if not line and self.proc.poll() is not None:
                break
        self.close()
        raise RuntimeError("chromium did not start its DevTools endpoint")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        shutil.rmtree(self.profile, ignore_errors=True)

    def inspect(self, url: str, expression: str) -> tuple[object, list[str]]:
        return asyncio.run(self._inspect(url, expression))

    async def _inspect(self, url: str, expression: str) -> tuple[object, list[str]]:
        import aiohttp

        async with aiohttp.ClientSession() as session:
            base = f"http://127.0.0.1:{self.port}"
            pages = await (await session.get(f"{base}/json/list")).json()
            ws_url = next(p["webSocketDebuggerUrl"] for p in pages if p.get("type") == "page")
            async with session.ws_connect(ws_url, max_msg_size=0) as ws:
                errors: list[str] = []
                counter = 0

                async def call(method: str, **params) -> dict:
                    nonlocal counter
                    counter += 1
                    my_id = counter
                    await ws.send_str(json.dumps({"id": my_id, "method": method, "params": params}))
                    while True:
                        message = json.loads((await ws.receive(timeout=30)).data)
                        if message.get("id") == my_id:
                            return message.get("result", {})
                        collect(message)

                loaded = asyncio.Event()

                def collect(message: dict) -> None:
                    method, params = message.get("method"), message.get("params", {})
                    if method == "Runtime.consoleAPICalled" and params.get("type") in (
                        "error",
                        "assert",
                    ):
                        errors.append(json.dumps(params.get("args")))
                    elif method == "Runtime.exceptionThrown":
                        errors.append(json.dumps(params.get("exceptionDetails")))
                    elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                        errors.append(params["entry"].get("text", ""))
                    elif method == "Page.loadEventFired":
                        loaded.set()

                for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
                    await call(domain)
                await call("Page.navigate", url=url)
                deadline = time.monotonic() + 30
                while not loaded.is_set() and time.monotonic() < deadline:
                    collect(json.loads((await ws.receive(timeout=30)).data))
                await asyncio.sleep(0.3)  # late console messages
                result = await call("Runtime.evaluate", expression=expression, returnByValue=True)
                return result.get("result", {}).get("value"), errors


CHART_PROBE = """JSON.stringify({
  charts: document.querySelectorAll('svg.chart').length,
  drawn: Array.from(document.querySelectorAll('svg.chart')).filter(
      s => s.querySelectorAll('path, circle').length > 0 &&
           s.getBoundingClientRect().width > 100).length,
  ids: Array.from(document.querySelectorAll('svg.chart')).map(s => s.dataset.chart),
  causes: document.querySelectorAll('.item').length,
  stackLines: document.querySelectorAll('.stack .src').length,
  top: (document.querySelector('.top') || {}).textContent || '',
  external: Array.from(document.querySelectorAll('[src],[href]')).map(e => e.src || e.href)
})"""
