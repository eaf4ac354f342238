"""An app factory whose routes are closures over `app`: the engine loader returns at once
when `app.state` holds one (`if app.state.engine is not None or …: return`), so a request
loads it at most once."""

import json

from fastapi import FastAPI


def build_speech_app(model: str = "") -> FastAPI:
    app = FastAPI(title="speech")
    app.state.engine = None
    app.state.fallbacks = []

    def load_engine() -> None:
        if app.state.engine is not None or model in app.state.fallbacks:
            return
        with open(f"/models/{model}/config.json") as fh:  # expect: UJ001
            app.state.engine = json.load(fh)

    @app.post("/transcribe")
    async def transcribe() -> dict:
        load_engine()
        return {"engine": app.state.engine}

    return app


speech_app = build_speech_app("nano")
