"""A library's profile manager: an interactive console menu (`input()`) is a terminal
program's, whose loop waits on the one person typing; what only it reaches is not reported.
The same clean-up awaited by the library's users is."""

import os
import shutil

PROFILES = "/var/lib/crawler/profiles"


class ProfileManager:
    def delete(self, name: str) -> None:
        shutil.rmtree(os.path.join(PROFILES, name))  # expect: UJ001 (through `prune`)

    def names(self) -> list[str]:
        return sorted(os.listdir(PROFILES))  # ok: only the console menu lists them

    async def menu(self) -> None:
        while True:
            choice = input("1 list, 2 delete, 3 quit: ")  # ok: a console program's own read
            if choice == "1":
                print(self.names())
            elif choice == "2":
                self.delete(input("profile: "))  # ok
            else:
                return

    async def prune(self, name: str) -> None:
        self.delete(name)
