from fastapi import FastAPI

from toolkit.plugin import add_assistant

app = FastAPI()
add_assistant(app)
