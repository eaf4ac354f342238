"""Code generation in coroutine syntax, stepped by the program's own loop: the project serves
a Tornado app, so a coroutine it does not reach is no entry (as in a FastAPI project)."""


async def to_code(config: dict) -> str:
    with open("/srv/dash/template.cpp") as fh:  # ok: nothing the app serves reaches it
        return fh.read().format(**config)
