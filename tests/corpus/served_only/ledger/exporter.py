import subprocess

import requests


class LedgerExporter:
    """An async facade over a sync rendering service: every method blocks through _render."""

    def _render(self, template: str, payload: dict) -> bytes:
        reply = requests.post("https://render.internal/pdf", json={"t": template, **payload})  # expect: UJ001
        subprocess.run(["pdfinfo", "-"], input=reply.content, check=True)  # expect: UJ001
        return reply.content

    async def statement(self, account_id: int) -> bytes:
        return self._render("statement", {"account": account_id})

    async def daily(self) -> bytes:
        return self._render("daily", {})

    async def archive_all(self) -> None:
        """Nothing in the app calls this: not served code, not reported."""
        with open("/var/ledger/archive.tar", "wb") as fh:  # ok: unreached coroutine
            fh.write(b"")
