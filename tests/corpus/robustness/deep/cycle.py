"""Mutually recursive functions: the cycle must terminate and still find the blocking call."""

import time


def ping(n: int) -> int:
    if n <= 0:
        return 0
    return pong(n - 1)


def pong(n: int) -> int:
    if n % 7 == 0:
        time.sleep(0.001)  # expect: UJ001
    return ping(n - 1)


def selfish(n: int) -> int:
    return selfish(n - 1) if n else 0


async def handler(n: int) -> int:
    selfish(n)
    return ping(n)


class Node:
    def visit(self) -> None:
        self.child().visit()

    def child(self) -> "Node":
        return Node()


async def walk() -> None:
    Node().visit()  # ok: recursion without blocking


__all__ = ["handler", "walk"]  # (the coroutines this module offers)
