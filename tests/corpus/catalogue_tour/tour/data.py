import sqlite3

import elasticsearch
import mysql.connector
import pandas as pd
import psycopg2
import pymongo
import pymysql
import redis
import redis.asyncio as aioredis
from sqlalchemy import create_engine, text

mongo = pymongo.MongoClient("mongodb://db")
es = elasticsearch.Elasticsearch("http://search:9200")
engine = create_engine("postgresql://x")
cache = redis.StrictRedis()
async_cache = aioredis.Redis()


async def databases(user_id: int) -> None:
    db = sqlite3.connect("app.db")  # expect: UJ001
    db.execute("select 1")  # expect: UJ001
    pg = psycopg2.connect("dbname=x")  # expect: UJ001
    pg.cursor().execute("select 1")  # expect: UJ001
    my = pymysql.connect(host="db")  # expect: UJ001
    my.commit()  # expect: UJ001
    legacy = mysql.connector.connect(host="db")  # expect: UJ001
    legacy.cursor().execute("select 1")  # expect: UJ001
    with engine.connect() as conn:  # expect: UJ001
        conn.execute(text("select 1"))  # expect: UJ001
    mongo.shop.users.find_one({"_id": user_id})  # expect: UJ001
    mongo["shop"]["orders"].insert_one({"user": user_id})  # expect: UJ001
    es.search(index="users", query={"match_all": {}})  # expect: UJ001
    cache.incr("hits")  # expect: UJ001
    pipe = cache.pipeline()  # ok: building a pipeline is local
    pipe.execute()  # expect: UJ001
    index = cache.ft("users")  # ok: a search helper, no command sent
    index.search("@name:ada")  # expect: UJ001
    await async_cache.incr("hits")  # ok: redis.asyncio, awaited
    scratch = sqlite3.connect(":memory:")  # ok: a database in memory, no file behind it
    scratch.execute("create table seen (id integer)")  # ok
    db.execute("PRAGMA foreign_keys = ON")  # ok: a setting of the connection, no file I/O
    db.execute("pragma temp_store=MEMORY;")  # ok
    db.execute("PRAGMA journal_mode=WAL")  # expect: UJ001 (writes the database file)
    db.executescript("PRAGMA synchronous=NORMAL; PRAGMA integrity_check;")  # expect: UJ001


async def analytics(path: str) -> None:
    frame = pd.read_csv(path)  # expect: UJ001
    frame.to_csv(path + ".out")  # expect: UJ001


async def pooled_totals() -> list:
    from psycopg_pool import ConnectionPool

    pool = ConnectionPool("postgresql://127.0.0.1/shop")  # ok: its threads connect
    later = ConnectionPool("postgresql://127.0.0.1/shop", open=False)  # ok: connects on open()
    later.open(wait=True)  # expect: UJ001
    with pool.connection() as conn:  # expect: UJ001
        return conn.execute("SELECT total FROM orders").fetchall()  # expect: UJ001


async def uploaded_report(raw: bytes) -> str:
    import io

    frame = pd.read_csv(io.BytesIO(raw))  # expect: UJ001 (parsing in memory: CPU work)
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)  # expect: UJ001 (serialising: CPU work, no file)
    return frame.to_csv(index=False)  # expect: UJ001 (returns the text: no file)


async def audit_rows() -> list:
    cur = sqlite3.connect("audit.db").cursor()  # expect: UJ001
    cur.execute("SELECT * FROM audit")  # expect: UJ001
    return cur.fetchall()  # expect: UJ001


async def relay_bids() -> None:
    channel = cache.pubsub()  # ok: builds the PubSub, connects on subscribe
    channel.subscribe("bids")  # expect: UJ001
    while True:
        message = channel.get_message(ignore_subscribe_messages=True)  # ok: polls, timeout 0
        if message is not None:
            await async_cache.publish("seen", message["data"])
        for message in channel.listen():  # expect: UJ001
            print(message)


async def local_sales() -> list:
    con = sqlite3.connect("sales.db")  # expect: UJ001
    frame = pd.read_sql("SELECT * FROM sales", con)  # expect: UJ001
    frame.to_sql("sales_copy", con=con)  # expect: UJ001
    pd.read_sql("SELECT count(*) FROM sales", engine)  # expect: UJ001
    return frame.to_dict("records")


async def migrate() -> None:
    from alembic import command
    from alembic.config import Config

    config = Config("alembic.ini")
    command.upgrade(config, "head")  # expect: UJ001
    command.history(config)  # ok: reads the scripts folder only


async def excel_template() -> bytes:
    from io import BytesIO

    buffer = BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        pd.DataFrame([{"code": "A1"}]).to_excel(writer, index=False)  # expect: UJ001
    return buffer.getvalue()


# the coroutines this module offers
__all__ = [
    "databases",
    "analytics",
    "pooled_totals",
    "uploaded_report",
    "audit_rows",
    "relay_bids",
    "local_sales",
    "migrate",
    "excel_template",
    "mysql_rows",
    "booked_rows",
    "podcast_files",
    "tenant_rows",
    "remote_tables",
    "vector_hits", "people_by_age",
]


async def mysql_rows() -> list:
    conn = pymysql.connect(host="db", cursorclass=pymysql.cursors.DictCursor)  # expect: UJ001
    with conn.cursor() as cur:
        cur.execute("SELECT * FROM orders")  # expect: UJ001
        first = cur.fetchone()  # ok: the cursor holds the rows `execute` read
        return [first, *cur.fetchall()]  # ok


async def booked_rows(seat: int) -> None:
    from sqlalchemy.orm import Session

    with Session(engine) as session, session.begin():  # expect: UJ001 (commits as it ends)
        session.execute(text("UPDATE seats SET taken = 1"))  # expect: UJ001


async def podcast_files(podcast_id: str) -> list:
    from minio import Minio

    store = Minio("127.0.0.1:9000", access_key="a", secret_key="b", secure=False)
    url = store.presigned_get_object("audio", f"{podcast_id}.mp3")  # ok: signed locally
    listing = store.list_objects("audio", prefix=podcast_id)  # expect: UJ001
    return [url, *(item.object_name for item in listing)]


async def tenant_rows(schema: str) -> list:
    options = {"schema_translate_map": {None: schema}}
    with engine.connect().execution_options(**options) as conn:  # expect: UJ001 (connect)
        return conn.execute(text("SELECT * FROM notes")).all()  # expect: UJ001


async def remote_tables(container: str, table_path: str) -> list:
    nodes = pd.read_parquet(f"abfs://{container}/nodes.parquet")  # expect: UJ001 (network)
    edges = pd.read_csv(table_path, storage_options={"anon": True})  # expect: UJ001 (network)
    local = pd.read_csv(f"file://{table_path}")  # expect: UJ001 (a local file)
    return [nodes, edges, local]


async def vector_hits(vector: list) -> list:
    from qdrant_client import AsyncQdrantClient, QdrantClient

    hits = await AsyncQdrantClient(url="http://qdrant:6333").query_points("docs", query=vector)
    qdrant = QdrantClient(url="http://qdrant:6333")
    return [hits, qdrant.query_points("docs", query=vector)]  # expect: UJ001


async def people_by_age(age: int) -> list:
    cursor = mongo.shop.users.find({"age": age}).sort("name")  # expect: UJ001 (queries as iterated)
    return list(cursor)
