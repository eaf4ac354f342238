"""The command line: each command starts a server. The app `server` builds under a prefix
exists only while the command runs, which the CLI (not any caller in the code) does — so
the API it mounts, or serves as it is, is served."""

import typer
import uvicorn
from fastapi import FastAPI

cli = typer.Typer()


@cli.command()
def server(prefix: str = "", port: int = 8000):
    from guardsrv import api

    if prefix:
        server_app = FastAPI()
        server_app.mount(prefix, api.app)
    else:
        server_app = api.app
    uvicorn.run(server_app, port=port)


@cli.command("actions-server")
def actions_server(port: int = 8001):
    from guardsrv.actions import app

    uvicorn.run(app, port=port)


if __name__ == "__main__":
    cli()
