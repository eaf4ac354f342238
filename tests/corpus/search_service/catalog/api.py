from elasticsearch_dsl import AsyncSearch
from fastapi import FastAPI

from catalog import store

app = FastAPI()  # expect: UJ006


@app.get("/brands/{brand}")
async def brand_products(brand: str):
    response = store.by_brand(brand).execute()  # expect: UJ001
    return [hit.to_dict() for hit in response]


@app.get("/brands/{brand}/count")
def brand_count(brand: str):
    return {"count": store.by_brand(brand).count()}  # expect: UJ005


@app.get("/suggest")
async def suggest(prefix: str):
    search = store.completion(prefix)  # ok
    return search.execute().suggest.to_dict()  # expect: UJ001


@app.post("/products")
async def add_product(name: str, brand: str):
    product = store.Product(name=name, brand=brand)  # ok
    product.save()  # expect: UJ001
    store.client.indices.refresh(index="products")  # expect: UJ001
    return {"id": product.meta.id}


@app.get("/health")
async def health():
    quick = store.client.options(request_timeout=1)  # ok
    return quick.cluster.health()  # expect: UJ001


@app.get("/products/{product_id}")
async def product(product_id: str):
    return await store.async_client.get(index="products", id=product_id)  # ok


@app.get("/search")
async def search(text: str):
    response = await AsyncSearch(index="products").query("match", name=text).execute()  # ok
    return [hit.to_dict() for hit in response]


@app.post("/reindex")
def reindex():
    if not store.products.exists():  # expect: UJ005
        store.products.create()
    return {"ok": True}
