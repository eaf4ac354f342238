"""What building an HTTP client costs the thread that builds it (UJ003's per-request client).

    .venv/bin/python benchmarks/client_construction.py [--rounds 20]

Prints milliseconds per construction of `httpx.AsyncClient()` and of the SSL context inside
it, and their ratio, from one run. Nothing is sent anywhere: constructing a client opens no
connection; the time is the SSL context (certificate store loading) and the pool set-up, CPU
work that an `async def` endpoint does on the event loop.
"""

from __future__ import annotations

import argparse
import ssl
import time


def per_call_ms(build, rounds: int) -> float:
    build()  # first call: imports and caches warmed
    start = time.perf_counter()
    for _ in range(rounds):
        build()
    return (time.perf_counter() - start) / rounds * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    import httpx

    context = per_call_ms(ssl.create_default_context, rounds)
    client = per_call_ms(httpx.AsyncClient, rounds)
    print(f"ssl.create_default_context(): {context:6.1f} ms per call")
    print(f"httpx.AsyncClient():          {client:6.1f} ms per call")
    print(f"client / SSL context:          {client / context:6.2f}x")


if __name__ == "__main__":
    main()
