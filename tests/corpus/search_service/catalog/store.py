from elasticsearch import AsyncElasticsearch, Elasticsearch
from elasticsearch_dsl import Document, Index, Keyword, Search, Text, connections

connections.create_connection(hosts=["http://search:9200"])
client = Elasticsearch("http://search:9200")
async_client = AsyncElasticsearch("http://search:9200")
products = Index("products")


class Product(Document):
    name = Text()
    brand = Keyword()

    class Index:
        name = "products"


def by_brand(brand: str, size: int = 20) -> Search:
    return Search(index="products").filter("term", brand=brand).extra(size=size)


def completion(prefix: str) -> Search:
    search = Search(index="products")
    search = search.suggest("names", prefix, completion={"field": "name.suggest"})
    return search.source(["name"])  # ok (building a search sends nothing)
