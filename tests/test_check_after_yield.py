"""`FuncDef.after_yield`: the lines of what runs after a `yield` on its path (a lifespan's
shutdown part), the same from the Python summariser and the native one."""

from __future__ import annotations

import ast
import os

import pytest
from check_support import native_rows

from unjam.analysis.summarize import summarize
from unjam.analysis.summary import from_plain

SOURCE = """\
async def branches(app):
    if app.is_main:
        async with stack() as s:
            s.enter()
            yield
    else:
        store = make_storage()
        yield
        store.close()
    log("done")


async def early_exit(app):
    if not enabled:
        yield
        return
    client = make_client()
    yield
    client.close()


def plain():
    setup()
    x = yield 1
    teardown(x)


def no_yield():
    return 1


def nested():
    def inner():
        yield
        after_inner()

    start()
    return inner


def in_try():
    try:
        prepare()
        yield
        used()
    except OSError:
        recover()
    else:
        committed()
    finally:
        cleanup()
    tail()


def in_loop():
    for item in items():
        before(item)
        yield item
        after(item)
    else:
        exhausted()
    done()


def in_elif(mode):
    if mode == 1:
        one()
    elif mode == 2:
        yield
        two()
    elif (yield):
        three()
    else:
        four()
    end()


def raise_in_try():
    try:
        yield
        raise RuntimeError
    finally:
        release()
    unreachable()


async def in_expression():
    await send((yield))
    flush()


def in_match(command):
    match command:
        case "go":
            yield
            went()
        case _:
            stay()
    finish()


@decorator
def decorated():
    start()
    yield
    @wrap
    def helper():
        pass
    stop()


def lam():
    f = lambda: (yield)
    go()


def in_handler():
    try:
        connect()
    except OSError:
        yield
        retry()
    except ValueError:
        other()
    else:
        fine()
    finally:
        close()
    last()


async def in_while():
    while running():
        async with lock((yield)):
            step()
    after_loop()


def return_under_finally():
    try:
        with opened() as f:
            yield from f
            return
    finally:
        shutdown()
    never()


def else_if(flag):
    if flag:
        pass
    else:
        if other_flag:
            yield
        more()
    end()


def in_try_star():
    try:
        yield
    except* ValueError:
        failed()
    finally:
        done()


def session_dependency():
    try:
        db = open_session()
        yield db
    except Exception:
        db.rollback()
        raise
    finally:
        db.close()


def session_yielding_another():
    try:
        db = open_session()
        yield other
    except Exception:
        db.rollback()
        raise
"""

# function → the lines (first, last) of what runs after one of its `yield`s
EXPECTED = {
    "branches": ((9, 10),),  # not 7: the `else` branch's start-up
    "early_exit": ((16, 16), (19, 19)),  # not 17 (`client = make_client()`): start-up
    "plain": ((25, 25),),
    "no_yield": (),
    "nested": (),  # `inner`'s `yield` is its own
    "nested.inner": ((35, 35),),
    "in_try": ((45, 45), (49, 49), (51, 52)),  # not the handler (47): `prepare()` may raise
    "in_loop": ((59, 59), (61, 62)),  # the rest of the loop, its `else`, what follows
    "in_elif": ((70, 70), (72, 75)),  # `two()`; after `elif (yield)`: its branches, `end()`
    "raise_in_try": ((81, 81), (83, 83)),  # the `raise`, then `finally`, not line 84
    "in_expression": ((89, 89),),
    "in_match": ((96, 96), (99, 99)),  # not the other case (98)
    "decorated": ((106, 109),),  # from the nested def's decorator
    "decorated.helper": (),
    "lam": (),
    "lam.<lambda:113:8>": (),
    "in_handler": ((122, 122), (128, 129)),  # not the `else` (126) nor the other handler
    "in_while": ((135, 136),),  # `async with`'s body after the `yield` in its header
    "return_under_finally": ((143, 143), (145, 145)),  # `finally` on the way out, not 146
    "else_if": ((155, 156),),
    "in_try_star": ((163, 163), (165, 165)),  # the `yield` opens the `try`: its handler too
    # an error building `db` leaves it unbound: the handler's `db.rollback()` runs only
    # after the `yield` (FastAPI runs a dependency's exit under a limiter of its own)
    "session_dependency": ((173, 174), (176, 176)),
    "session_yielding_another": (),  # `open_session()` may raise into the handler
}


def python_summary(text: str):
    return summarize(ast.parse(text), False)


def test_python_summariser_lines_after_yield():
    mod = python_summary(SOURCE)
    got = {qn: fd.after_yield for qn, fd in mod.funcs.items() if qn != "<module>"}
    assert got == EXPECTED


def test_lambda_yield_is_the_lambdas_own():
    mod = python_summary(SOURCE)
    assert mod.funcs["lam.<lambda:113:8>"].is_generator
    assert not mod.funcs["lam"].is_generator


@pytest.mark.skipif(os.environ.get("UNJAM_NATIVE") == "0", reason="UNJAM_NATIVE=0")
def test_native_summariser_gives_the_same_lines(tmp_path):
    path = tmp_path / "lifespans.py"
    path.write_text(SOURCE)
    crlf = tmp_path / "crlf.py"
    crlf.write_bytes(SOURCE.replace("\n", "\r\n").encode())
    rows = native_rows([str(path), str(crlf)])
    mod = from_plain(rows[0][4])
    assert {qn: fd.after_yield for qn, fd in mod.funcs.items() if qn != "<module>"} == EXPECTED
