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


def running_or_new_loop() -> asyncio.AbstractEventLoop:
    """The running loop, or one of its own: in a worker thread, a new loop that never runs."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        return loop


class Bridge:
    def __init__(self) -> None:
        self.loop = running_or_new_loop()


def compile_schema() -> str:
    subprocess.run(["protoc", "--python_out=.", "svc.proto"], check=True)  # expect: UJ002
    return "svc_pb2.py"


def start_bridge() -> Bridge:
    compile_schema()
    return Bridge()


class Catalog:
    """Gets a loop the same way, but only runs work to completion on it (or ignores it): in
    a worker thread that works, on the thread's own loop."""

    def __init__(self) -> None:
        loop = running_or_new_loop()
        if loop.is_running():
            self.entries = []
        else:
            self.entries = loop.run_until_complete(asyncio.sleep(0, result=[]))


def index_catalog() -> str:
    subprocess.run(["sphinx-build", "docs", "build"], check=True)  # expect: UJ002
    return "build"


def start_catalog() -> Catalog:
    index_catalog()
    return Catalog()


class Toolchain:
    """Installed as it is built: the step a thread can run is the class call."""

    def __init__(self) -> None:
        subprocess.run(["rustup", "toolchain", "install", "stable"], check=True)  # expect: UJ002


def start_toolchain(dispatcher: Dispatcher) -> Toolchain:
    toolchain = Toolchain()
    dispatcher.bind()
    return toolchain
