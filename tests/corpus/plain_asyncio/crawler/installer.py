"""The crawler's installer: a Textual terminal UI, a program of its own run from the
command line. Its handlers run on the UI's loop, which answers no request."""

import shutil

from textual.app import App


class InstallerApp(App):
    async def on_mount(self) -> None:
        shutil.copytree("/usr/share/crawler", "/opt/crawler")  # ok: a terminal UI's handler

    async def action_quit(self) -> None:
        self.exit()
