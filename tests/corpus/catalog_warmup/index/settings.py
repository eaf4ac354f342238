import os

MANIFEST = os.getenv("INDEX_MANIFEST", "manifest.json")
DATA_PATH = os.getenv("INDEX_DATA", "/data")
STREAM_LOAD = os.getenv("INDEX_STREAM_LOAD", "true") == "true"
CRON = None  # set by the app's lifespan: no other setting is ever written
