from fastapi import FastAPI

from llm.clients import Provider

app = FastAPI()
provider = Provider()


@app.post("/complete")
async def complete(prompt: str, api_key: str):
    client = provider.client(api_key, "https://api.example.com/v1", is_async=True)
    reply = await client.completions.create(model="m", prompt=prompt)
    return {"text": reply.choices[0].text}


@app.post("/complete/loose")
async def complete_loose(prompt: str, api_key: str):
    return {"client": str(provider.loose_client(api_key).base_url)}
