"""A test module renamed so pytest skips it: its `Test*` class's `test*` methods are still
tests, not coroutines the crawler's users await; a `test_*` method of any other class is
the library's own API."""

import time


class TestCrawlSession:
    async def test_two_pages(self):
        time.sleep(0.1)  # ok: a test, even in a file pytest no longer collects


class Probe:
    async def test_reachable(self, host):
        time.sleep(0.1)  # expect: UJ001
        return host
