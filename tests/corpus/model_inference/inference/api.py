from fastapi import FastAPI
from fastapi.concurrency import run_in_threadpool

from inference import media, models

app = FastAPI()
app.include_router(media.router)


@app.post("/embed")
async def embed(texts: list[str]):
    vectors = models.embedder.encode(texts)  # expect: UJ001
    return vectors.tolist()


@app.post("/embed/offloaded")
async def embed_offloaded(texts: list[str]):
    vectors = await run_in_threadpool(models.embedder.encode, texts)  # ok
    return vectors.tolist()


@app.post("/rerank")
async def rerank(query: str, passages: list[str]):
    scores = models.reranker.predict([(query, p) for p in passages])  # expect: UJ001
    return sorted(zip(passages, scores), key=lambda pair: -pair[1])


@app.post("/sentiment")
async def sentiment(text: str):
    return models.classifier(text)  # expect: UJ001


@app.post("/chat")
async def chat(prompt: str):
    answer, _history = models.model.chat(models.tokenizer, prompt, history=[])  # expect: UJ001
    return {"answer": answer}


@app.post("/complete")
async def complete(prompt: str):
    inputs = models.tokenizer(prompt, return_tensors="pt")  # ok (tokenising is quick)
    output = models.model.generate(**inputs, max_new_tokens=64)  # expect: UJ001
    return {"text": models.tokenizer.decode(output[0], skip_special_tokens=True)}  # ok


@app.get("/device")
async def device():
    return {"device": str(models.model.device), "dtype": str(models.model.dtype)}  # ok
