import uvicorn

from inference import models
from inference.api import app

if __name__ == "__main__":
    models.load("THUDM/chatglm3-6b")
    uvicorn.run(app, host="127.0.0.1", port=8000)
