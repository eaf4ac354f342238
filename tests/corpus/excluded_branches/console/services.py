"""Start, stop, restart and drain the services an operations console manages. The API
server cannot stop itself: its restart hands over to a helper process and waits for it,
and draining it waits for its open connections."""

import subprocess
import time


def stop(name: str) -> None:
    subprocess.run(["systemctl", "stop", name], check=False)  # expect: UJ001


def start(name: str) -> None:
    subprocess.run(["systemctl", "start", name], check=False)  # expect: UJ001


def restart(name: str) -> bool:
    if name == "api":
        return hand_over()
    stop(name)
    start(name)
    return True


def hand_over() -> bool:
    # only a call passing "api" takes this branch, and every route rules it out
    helper = subprocess.Popen(["console-handover"])  # ok
    return helper.wait() == 0  # ok


def drain(name: str) -> None:
    if name == "api":
        time.sleep(5)  # expect: UJ001 (an alias may name the API server)
    subprocess.run(["systemctl", "reload", name], check=False)  # expect: UJ001


def scale(name: str, mode: str) -> None:
    if name == "api":
        time.sleep(1)  # expect: UJ001 (the route tests another name, not this one)
