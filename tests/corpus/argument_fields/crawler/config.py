"""A crawl's options, kept as built: `__setattr__` only refuses retired names before it
stores what it is given, and `__getattr__` answers only for names never stored."""

from dataclasses import dataclass


class RunConfig:
    _RETIRED = {"legacy_mode": "use `mode`"}

    def __init__(self, screenshot: bool = False, check_robots: bool = False, cache=None):
        self.screenshot = screenshot
        self.check_robots = check_robots
        self.cache = cache

    def __setattr__(self, name, value):
        if name in self._RETIRED:
            raise AttributeError(f"{name} is retired: {self._RETIRED[name]}")
        super().__setattr__(name, value)

    def __getattr__(self, name):
        raise AttributeError(name)


class Tunable:
    """Options whose stores go through a hook that may change them."""

    def __init__(self, verbose: bool = False):
        self.verbose = verbose

    def __setattr__(self, name, value):
        super().__setattr__(name, bool(value) if name == "verbose" else value)


@dataclass
class Batch:
    """Lines gathered before a flush: its content grows in place (`+=`) after it is built."""

    content: str = ""
