"""A chat app built in a factory whose local picks the model provider once; the streaming
generator nested in its route reads that local, so only the hosted branch ever runs."""

from enum import Enum

import boto3
import httpx
from fastapi import FastAPI
from fastapi.responses import StreamingResponse

HOSTED = httpx.AsyncClient(base_url="https://llm.example.com")


class Provider(Enum):
    HOSTED = "hosted"
    BEDROCK = "bedrock"


async def complete(prompt: str, provider: Provider) -> str:
    if provider == Provider.HOSTED:
        response = await HOSTED.post("/complete", json={"prompt": prompt})
        return response.text
    elif provider == Provider.BEDROCK:
        bedrock = boto3.client("bedrock-runtime")  # ok: the app never picks Bedrock
        reply = bedrock.invoke_model(modelId="m", body=prompt)  # ok
        return reply["body"].read().decode()
    raise ValueError(provider)


def create_app() -> FastAPI:
    app = FastAPI()
    provider = Provider.HOSTED

    @app.post("/chat")
    async def chat(prompt: str):
        async def stream():
            yield await complete(prompt, provider)

        return StreamingResponse(stream())

    return app


app = create_app()
