"""The vocoder vendors an adapted copy of a package it names `torch`, deep in folders without
`__init__.py` and beside no script: no program starts there, so `import torch` here (and in
that copy) is PyTorch, and the app starts."""

import time

import torch
from fastapi import FastAPI

from vocoder.bigvgan import Vocoder

app = FastAPI()
vocoder = Vocoder()


@app.post("/weights")
async def switch_weights(path: str):
    vocoder.load_state(torch.load(path, map_location="cpu"))  # expect: UJ001
    return {"loaded": path}


@app.post("/warm")
async def warm():
    time.sleep(0.1)  # expect: UJ001
    return {"warm": True}
