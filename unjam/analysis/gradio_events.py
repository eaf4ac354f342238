"""Gradio UI handlers beside an app: `btn.click(chat, ...)`, `box.submit(fn=chat)`,
`demo.load(...)`, `gr.Interface(fn=chat)`, `gr.ChatInterface(chat)`. Gradio serves them from
its own ASGI app (often mounted on the FastAPI one): an `async def` handler runs on the
event loop, so what it blocks on stalls every request. A `def` handler runs in Gradio's
own thread pool (its `max_threads`), not FastAPI's: it is not an entry here.
"""

from __future__ import annotations

from unjam.analysis.project import Func, Project

# the event listeners of Gradio's components and Blocks (`gradio.Button.click`, ...)
_EVENTS = frozenset(
    {
        "click",
        "double_click",
        "change",
        "input",
        "submit",
        "select",
        "upload",
        "clear",
        "stream",
        "load",
        "then",
        "success",
        "like",
        "retry",
        "edit",
        "tick",
        "key_up",
        "release",
    }
)
_INTERFACES = frozenset({"gradio.Interface", "gradio.ChatInterface"})


def gradio_handlers(project: Project) -> list[Func]:
    """The `async def` handlers the project hands to Gradio, in project order."""
    found: dict[str, Func] = {}
    for name in (*_EVENTS, "Interface", "ChatInterface"):
        for caller, site in project.sites_named(name):
            callee = project.callee(caller, site.func)
            if callee is None or not callee[1].startswith("gradio."):
                continue
            if name in _EVENTS and callee[0] != "ext":
                continue
            if name not in _EVENTS and callee[1] not in _INTERFACES:
                continue
            handler = site.args[0] if site.args else dict(site.kwargs).get("fn")
            value = None if handler is None else project.value_of(caller, handler)
            if value is None or value[0] not in ("func", "meth"):
                continue
            func = project.funcs.get(value[1])
            if func is not None and func.fd.is_async:
                found.setdefault(func.gqn, func)
    return list(found.values())
