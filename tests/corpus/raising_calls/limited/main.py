# expect: unparsed
# slowapi reads the decorated function's signature as it decorates: with no `request`
# parameter it raises, while this module loads
import time

from fastapi import FastAPI
from pydantic import BaseModel
from slowapi import Limiter
from slowapi.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)
app = FastAPI()
app.state.limiter = limiter


class Signup(BaseModel):
    email: str


@app.post("/signup")
@limiter.limit("5/minute")
async def signup(body: Signup):
    time.sleep(1)  # ok: the app cannot start
    return body
