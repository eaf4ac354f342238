"""The app replaces a placeholder dependency with its own (`app.dependency_overrides`, at
the top of the module): the placeholder's query never runs for the routes that name it;
the replacement, async and free of I/O, takes no thread-pool token. A lambda replacement is
sync: FastAPI runs it in the thread pool."""

from fastapi import FastAPI, Request

from tasks import routes

app = FastAPI()  # expect: UJ006
app.include_router(routes.router)


async def session_user(request: Request) -> dict:
    return {"id": request.headers.get("x-user", "")}


app.dependency_overrides[routes.get_current_user] = session_user
app.dependency_overrides[routes.get_admin] = lambda: {"id": "root"}

from tasks import reports  # noqa: E402

app.include_router(reports.router)
