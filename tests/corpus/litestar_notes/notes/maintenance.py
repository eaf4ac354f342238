"""A service the handlers get through Litestar's dependency injection, which unjam does not
follow: its coroutines stay entries of their own, as in a project without an app."""

import shutil


async def compact() -> None:
    shutil.rmtree("/srv/notes/tmp")  # expect: UJ001
