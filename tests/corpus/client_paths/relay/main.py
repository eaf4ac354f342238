from anyio import to_thread
from fastapi import FastAPI

from relay import llm, loopback
from relay.api import router
from relay.queues import register_topic


async def lifespan(app):
    to_thread.current_default_thread_limiter().total_tokens = 100
    register_topic("orders", "http://orders.internal")
    yield


app = FastAPI(lifespan=lifespan)
app.include_router(router)
app.include_router(loopback.router)
app.include_router(llm.router)

from relay import fanout  # noqa: E402

app.include_router(fanout.router)

from relay import proxies  # noqa: E402

app.include_router(proxies.router)

from relay import thumbnails  # noqa: E402

app.include_router(thumbnails.router)

from relay import mailer  # noqa: E402

app.include_router(mailer.router)

from relay import alerts  # noqa: E402

app.include_router(alerts.router)

from relay import counters  # noqa: E402

app.include_router(counters.router)

from relay import billing  # noqa: E402

app.include_router(billing.router)

from relay import storage  # noqa: E402

app.include_router(storage.router)

from relay import caches  # noqa: E402

app.include_router(caches.router)

from relay import brokers  # noqa: E402

app.include_router(brokers.router)

from relay import secured  # noqa: E402

app.include_router(secured.router)

from relay import notebooks  # noqa: E402

app.include_router(notebooks.router)

from relay import keys  # noqa: E402

app.include_router(keys.router)
