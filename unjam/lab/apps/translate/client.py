"""A blocking translation client, shaped like google-cloud-translate v2's `translate.Client`.

It uses `requests` (sync), keeps one session with a connection pool large enough for the
thread pool, and talks to the lab's slow translation service at `LAB_TRANSLATE_URL`.
"""

from __future__ import annotations

import os

import requests
from pydantic import BaseModel, Field
from requests.adapters import HTTPAdapter


class Data(BaseModel):
    src_lang: str = Field(..., min_length=2, max_length=5)
    src_text: str = Field(..., min_length=1, max_length=128)
    tgt_lang: str = Field(..., min_length=2, max_length=5)


class Client:
    def __init__(self, base_url: str | None = None) -> None:
        self.base_url = (base_url or os.environ.get("LAB_TRANSLATE_URL", "")).rstrip("/")
        if not self.base_url:
            raise RuntimeError("LAB_TRANSLATE_URL is not set; start it with unjam lab translate")
        self.session = requests.Session()
        adapter = HTTPAdapter(pool_connections=1, pool_maxsize=256)
        self.session.mount("http://", adapter)

    def translate(self, text: str, target_language: str) -> dict:
        response = self.session.post(
            f"{self.base_url}/translate", json={"q": text, "target": target_language}, timeout=30
        )
        response.raise_for_status()
        return response.json()


def translate_text(translate_client: Client, src_text: str | bytes, tgt_lang: str) -> str:
    if isinstance(src_text, bytes):
        src_text = src_text.decode("utf-8")
    result = translate_client.translate(src_text, target_language=tgt_lang)
    return result["translatedText"]
