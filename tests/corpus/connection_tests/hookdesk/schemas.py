from pydantic import BaseModel


class RedisSettings(BaseModel):
    host: str
    port: int = 6379
    password: str | None = None
    db: int = 0


class PingResult(BaseModel):
    ok: bool
    detail: str = ""
