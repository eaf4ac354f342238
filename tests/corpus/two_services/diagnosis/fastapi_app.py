# expect: unparsed
from fastapi import FastAPI

app = FastAPI()
readings = (
