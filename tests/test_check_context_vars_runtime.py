"""What UJ001's fix for a function that sets a context variable rests on, run for real:
`asyncio.to_thread` runs the function in a copy of the caller's context, so what it sets is
lost; running it in a context the caller keeps and taking the values back keeps them."""

import asyncio
import contextvars

_locale: contextvars.ContextVar[str | None] = contextvars.ContextVar("locale", default=None)


def use_locale(tag: str) -> None:
    _locale.set(tag)


async def _plain() -> str | None:
    await asyncio.to_thread(use_locale, "fr")
    return _locale.get()


async def _kept() -> str | None:
    ctx = contextvars.copy_context()
    await asyncio.to_thread(ctx.run, use_locale, "fr")
    for var, value in ctx.items():
        var.set(value)
    return _locale.get()


def test_a_thread_sets_a_context_variable_only_in_its_copy():
    assert asyncio.run(_plain()) is None


def test_the_fix_takes_what_the_thread_set_back():
    assert asyncio.run(_kept()) == "fr"
