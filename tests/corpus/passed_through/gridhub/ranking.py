"""A model loaded once at import (start-up), run on every request, and a tokenizer loaded
again on every request."""

from sentence_transformers import SentenceTransformer
from transformers import AutoTokenizer

encoder = SentenceTransformer("all-MiniLM-L6-v2")  # ok: at import, once per process


def rank(query: str, docs: list[str]) -> list[str]:
    tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")  # expect: UJ001
    short = [d for d in docs if len(tokenizer(d)["input_ids"]) < 512]
    scores = encoder.similarity(encoder.encode([query]), encoder.encode(short))[0]  # expect: UJ001
    return [d for _, d in sorted(zip(scores.tolist(), short, strict=True), reverse=True)]
