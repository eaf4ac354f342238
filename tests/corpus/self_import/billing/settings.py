"""Binds the name before importing it from itself: odd, but the half-built module has it,
so the import succeeds."""

CURRENCY = "EUR"

from billing.settings import CURRENCY as DEFAULT_CURRENCY  # noqa: E402
