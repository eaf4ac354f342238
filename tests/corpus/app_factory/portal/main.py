from fastapi import FastAPI

from portal.wiring import register_routes


def create_app() -> FastAPI:
    app = FastAPI(title="portal")  # expect: UJ006
    register_routes(app)
    return app


app = create_app()


@app.get("/version")
def version():
    return {"version": "1"}
