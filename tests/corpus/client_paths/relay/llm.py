from functools import lru_cache

import anthropic
from fastapi import APIRouter
from openai import AsyncAzureOpenAI, AsyncOpenAI

router = APIRouter(prefix="/llm")


def tenant_client(base_url: str) -> AsyncOpenAI | AsyncAzureOpenAI:
    if base_url.endswith(".openai.azure.com"):
        return AsyncAzureOpenAI(azure_endpoint=base_url, api_version="2024-10-21")  # expect: UJ003
    return AsyncOpenAI(base_url=base_url)  # expect: UJ003


@lru_cache(maxsize=16)
def shared_client(base_url: str) -> AsyncOpenAI:
    return AsyncOpenAI(base_url=base_url)  # ok: one per base URL, memoised


@router.post("/complete")
async def complete(prompt: str, base_url: str):
    client = tenant_client(base_url)
    reply = await client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    return {"text": reply.choices[0].message.content}


@router.post("/complete-shared")
async def complete_shared(prompt: str, base_url: str):
    reply = await shared_client(base_url).chat.completions.create(model="m", messages=[])
    return {"text": reply.choices[0].message.content}


@router.post("/claude")
async def claude(prompt: str):
    client = anthropic.AsyncAnthropic()  # expect: UJ003
    reply = await client.messages.create(model="m", max_tokens=10, messages=[])
    return {"text": reply.content[0].text}
