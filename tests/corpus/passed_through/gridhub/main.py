from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from gridhub import health, models, nodes, ranking, streams, tokens, topology
from gridhub.lookups import adapters, authed_client, hub_client, lineage
from gridhub.middleware import DeadlineMiddleware, TimingMiddleware, TracedMiddleware
from gridhub.registry import audit, registry
from gridhub.store import Record, count_page, export_page
from gridhub.transport import open_channel, pinned_channel

engine = create_engine("sqlite:///gridhub.db")
# its only thread-pool work is a sync handler that builds a response: no limiter to raise
app = FastAPI()  # ok
app.add_middleware(DeadlineMiddleware)
app.add_middleware(TimingMiddleware)
app.add_middleware(TracedMiddleware)


class QuotaError(Exception):
    pass


def quota_error(request: Request, exc: QuotaError):
    return JSONResponse({"detail": str(exc)}, status_code=429)


app.add_exception_handler(QuotaError, quota_error)


@app.get("/channel")
async def channel(url: str):
    return {"url": open_channel(url).url}


@app.get("/pinned")
async def pinned(url: str, ca: str):
    return {"url": pinned_channel(url, ca_file=ca).url}


@app.get("/limits")
async def limits():
    return {
        "cpu": health.cpu_quota(),
        "memory": health.memory_max(),
        "status": health.own_status(),
        "configured": health.configured_limits(),
        "probe": health.quiet_probe(list),
        "started": health.start_time(1),
        "threads": health.thread_names(1),
        "boot": health.boot_identity(1),
        "saved": health.saved_identity(1),
    }


@app.post("/records")
async def save_record():
    with Session(engine) as session:
        Record().save(session)
        Record().delete(session)
        Record().archive(session)
    return {}


@app.get("/records/page")
async def records_page():
    rows, _ = count_page("SELECT * FROM records", with_total=False)
    return {"rows": rows, "export": export_page("SELECT * FROM records")}


@app.get("/ready")
async def ready():
    registry.init_engine()
    registry.init_client()
    audit({"ready": True})
    return {}


@app.get("/adapters/{base}")
async def base_adapters(base: str):
    return {"adapters": await adapters(base), "lineage": await lineage(base)}


@app.get("/files/{path}")
async def files(path: str):
    return {
        "download": await streams.download(path),
        "first": await streams.first_chunk(path),
        "lines": await streams.line_count(path),
        "errors": await streams.scan(path),
        "peek": await streams.peek(path),
    }


@app.get("/hub")
async def hub(request: Request):
    return {"hub": id(await hub_client(request)), "authed": id(authed_client(request))}


@app.get("/nodes")
async def node_status():
    nodes.manager.nodes.connect()
    nodes.scheduler.session()
    nodes.PerRequest().session()
    return {"models": nodes.model_list()}


@app.post("/login")
async def login(password: str):
    tokens.signing_keys()
    tokens.refresh_1()
    return {"ok": tokens.verify(b"stored", password)}


@app.get("/tenants/{tenant}/issuer")
async def tenant_issuer(tenant: str):
    tokens.auth_settings()
    tokens.tenant_keys(tenant)
    tokens.load_graph(tenant)
    tokens.avatar(tenant)
    tokens.vocabulary(tenant)
    tokens.default_vocabulary()
    return tokens.issuer(tenant)


@app.delete("/racks/{rack_id}")
async def retire_rack(rack_id: int):
    with Session(engine) as session:
        label = models.Label(id=rack_id, text="")
        models.retire(session, models.Rack(id=rack_id), models.Crate(id=rack_id), label)
        models.untag(session, models.Tag(id=rack_id), label, models.Badge(id=rack_id))
        models.drop_rack(session, rack_id)
        models.drop_rack_by_statement(session, rack_id, rack_id)
        models.clear_labels(session)
        models.clear_crates(session)
        models.LabelStore(session).remove(rack_id)
        models.merge_blank_labels(session, rack_id)
    return {}


@app.post("/rank")
async def rank(query: str, docs: list[str]):
    return ranking.rank(query, docs)


@app.get("/services")
async def services(names: str | None = None):
    with Session(engine) as session:
        topology.Topology.refresh(session, False)
        return {
            "services": topology.Topology.service_map(session, names),
            "tags": topology.Topology.tagged(session, names),
            "labels": topology.labelled(session, {"label": names}),
        }


@app.get("/badges")
async def badges(names: str):
    return tokens.badges(names.split(","))


@app.get("/relay/{path}")
async def relay(path: str):
    return await streams.relay(path)


@app.get("/echo/{path}")
async def echo(path: str):
    return await streams.echo(path, False)
