import time

from fastapi import FastAPI

from voice.vendor.vocoder.generator import LAYERS

Activation = LAYERS[0]

app = FastAPI()
activation = Activation()


@app.post("/speak")
async def speak(text: str):
    time.sleep(0.1)  # expect: UJ001
    return {"text": text, "model": type(activation).__name__}
