"""The models, loaded once as the process starts (at import, and in `load()` before the
server runs): loading is not per-request work; running them is."""

from sentence_transformers import CrossEncoder, SentenceTransformer
from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline

embedder = SentenceTransformer("all-MiniLM-L6-v2")
reranker = CrossEncoder("cross-encoder/ms-marco-MiniLM-L-6-v2")
classifier = pipeline("sentiment-analysis")
tokenizer = None
model = None


def load(path: str) -> None:
    global model, tokenizer
    tokenizer = AutoTokenizer.from_pretrained(path, trust_remote_code=True)
    model = AutoModelForCausalLM.from_pretrained(path, trust_remote_code=True).eval()
