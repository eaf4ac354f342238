"""A Flask app's `async def` views: Flask runs each in an event loop of its own, in the
request's worker thread, so a blocking call there holds up no other request's loop."""

import time

from flask import Blueprint, Flask

app = Flask(__name__)
admin = Blueprint("admin", __name__)


@app.route("/ask", methods=["POST"])
async def ask():
    time.sleep(1)  # ok: Flask's own loop for this one request
    return "ok"


@admin.get("/stats")
async def stats():
    time.sleep(1)  # ok: a blueprint's view, the same
    return "ok"
