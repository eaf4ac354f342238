"""A plugin package named after the library it wraps: `from github import Github` is
PyGithub, which the requirements beside it declare, not this package (which defines no
`Github`). The app starts."""

import time

from fastapi import FastAPI
from github import Github

app = FastAPI()


@app.get("/repos")
async def repos():
    time.sleep(0.1)  # expect: UJ001
    return [repo.name for repo in Github().get_user().get_repos()]
