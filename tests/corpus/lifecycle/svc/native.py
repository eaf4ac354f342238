"""A native extension built on first start, and a server that binds to the running loop: the
build blocks the loop, but the function that makes it cannot move to a thread — the fix
must move the build, not the function."""

import asyncio
import subprocess


class Dispatcher:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None

    def bind(self) -> None:
        self.loop = asyncio.get_running_loop()


def build_extension() -> str:
    subprocess.run(["cargo", "build", "--release"], check=True)  # expect: UJ002
    return "target/release/libsvc.so"


def start_native_server(dispatcher: Dispatcher) -> str:
    library = build_extension()
    dispatcher.bind()
    return library
