"""Each tenant stores its own model credentials: a client is built from what the request
looks up, not from the process's settings."""

from dataclasses import dataclass
from functools import lru_cache

import boto3
import httpx
import openai
from fastapi import APIRouter, Depends, Header

router = APIRouter(prefix="/tenants")


@dataclass
class Tenant:
    id: int
    api_key: str
    base_url: str
    region: str = "eu-west-1"
    secrets: dict | None = None


@dataclass
class Limits:
    timeout: float = 10.0


TENANTS = {1: Tenant(1, "sk-one", "https://one.models.internal/v1")}
LIMITS = Limits()
URL = "https://notify.internal/send"


async def current_tenant(x_tenant: int = Header()) -> Tenant:
    return TENANTS[x_tenant]


def limits() -> Limits:
    return LIMITS


@lru_cache
def load_limits() -> Limits:
    return Limits(timeout=30.0)


async def slow_limits() -> Limits:
    return load_limits()


def embedder(api_key: str, base_url: str) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(api_key=api_key, base_url=base_url)  # expect: UJ003


@router.post("/embed")
async def embed(text: str, tenant: Tenant = Depends(current_tenant)) -> dict:
    client = embedder(tenant.api_key, tenant.base_url)
    vectors = await client.embeddings.create(input=[text], model="small")
    return {"dims": len(vectors.data[0].embedding)}


@router.post("/complete")
async def complete(text: str, limits: Limits = Depends(limits)) -> dict:
    """The one module-level `LIMITS` on every request: one shared client would do."""
    client = openai.AsyncOpenAI(timeout=limits.timeout)  # expect: UJ003
    reply = await client.completions.create(prompt=text, model="small")
    return {"text": reply.choices[0].text}


@router.post("/summarise")
async def summarise(text: str, limits: Limits = Depends(slow_limits)) -> dict:
    """`slow_limits` returns what the cached `load_limits` made once: one client would do."""
    client = openai.AsyncOpenAI(timeout=limits.timeout)  # expect: UJ003
    reply = await client.completions.create(prompt=f"Summarise: {text}", model="small")
    return {"text": reply.choices[0].text}


class Store:
    def __init__(self, secrets: dict):
        self.secrets = secrets


class BucketStore(Store):
    """Built per request from the tenant's stored keys, kept on the object by the base
    class: the session and its S3 client carry those keys."""

    def __init__(self, region: str, secrets: dict):
        super().__init__(secrets)
        self.region = region

    def sign(self, key: str) -> str:
        session = boto3.session.Session(
            aws_access_key_id=self.secrets["key_id"],
            aws_secret_access_key=self.secrets["secret"],
        )
        s3 = session.client("s3")  # expect: UJ003
        return s3.generate_presigned_url("get_object", Params={"Key": key})


class Notifier:
    """The tenant's id goes into each message, not into the client."""

    def __init__(self, tenant_id: int):
        self.tenant_id = tenant_id
        self.timeout = 5.0

    def send(self, text: str) -> None:
        with httpx.Client(timeout=self.timeout) as client:  # expect: UJ003
            client.post(URL, json={"t": self.tenant_id, "m": text})  # expect: UJ005


@router.get("/files/{key}")
def presign(key: str, tenant: Tenant = Depends(current_tenant)) -> dict:
    store = BucketStore(tenant.region, tenant.secrets or {})
    return {"url": store.sign(key)}


@router.post("/notify")
def notify(text: str, tenant: Tenant = Depends(current_tenant)) -> dict:
    notifier = Notifier(tenant.id)
    notifier.send(text)
    return {"sent": True}
