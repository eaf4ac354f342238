from fastapi import FastAPI

from service.middleware import AuditMiddleware, FrenchLocaleMiddleware, Tracing

app = FastAPI()
app.add_middleware(AuditMiddleware)
app.add_middleware(FrenchLocaleMiddleware)
tracing = Tracing()
tracing.install(app)


@app.get("/")
async def root() -> dict:
    return {}
