"""The process's cache, rebuilt when an admin changes its settings."""

cache = None
