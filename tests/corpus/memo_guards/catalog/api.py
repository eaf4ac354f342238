from fastapi import APIRouter, Depends, Request

from catalog import clients, keys, plugins, rates, sessions, uploads
from catalog.registry import store

router = APIRouter(prefix="/catalog")


async def s3_dep():
    return clients.get_s3()


async def ledger_dep(request: Request):
    return clients.from_app_state(request)


async def fresh_dep():
    return clients.fresh_session()


async def scratch_dep():
    return clients.scratch_client()


async def current_user(request: Request):
    signing = keys.jwks()
    config = keys.settings()
    return {"keys": signing, "config": config, "aud": keys.audience(), "rev": keys.revision(), "x": (keys.start_token(), keys.template_text(config["template"]), keys.mode_banner())}


@router.get("/")
async def landing():
    keys.signer.load()
    return keys.landing_page()


@router.get("/me")
async def me(request: Request):
    if request.state.user is not None:  # what this request's middleware found: no memo
        return request.state.user
    request.state.user = keys.lookup_user(request.headers["authorization"])
    return request.state.user


@router.get("/objects")
async def objects(s3=Depends(s3_dep), user=Depends(current_user)):
    return {"n": 0}


@router.get("/items/{name}")
async def item(name: str, ledger=Depends(ledger_dep)):
    clients.table(name)
    clients.session_for("inventory")
    clients.cached_session("inventory")
    clients.Search.http()
    clients.pricing()
    clients.billing_client()
    return {}


@router.get("/fresh")
async def fresh(session=Depends(fresh_dep), sqs=Depends(scratch_dep)):
    return {}


@router.get("/rates/{currency}")
async def currency_rate(currency: str):
    return {"rate": await rates.rate(currency)}


@router.get("/rates/{currency}/history")
async def currency_history(currency: str):
    return {"history": await rates.history(currency)}


@router.get("/models")
async def models(model_dir: str):
    keys.default_settings()
    keys.chat_template(model_dir)
    keys.model_version(model_dir, model_dir[-16:])  # a digest the table may lack
    keys.user_dir(model_dir)
    keys.scratch_dir()
    keys.ProductMedia(len(model_dir)).save(b"")
    keys.Thumbnails(64).save(b"")
    keys.price_table(refresh=model_dir == "fresh")
    keys.tax_table(force=model_dir == "fresh")
    keys.server_id()
    keys.export_dir(model_dir)
    return keys.model_files(model_dir)


@router.get("/registry")
async def registry_names():
    return store.registry.names


@router.put("/uploads/{name}")
async def upload(name: str, data: bytes):
    uploads.save_upload(name, data)
    return {}


@router.post("/login/{user}")
async def login(user: str):
    token = sessions.sign(user)  # fills the config memo: the stall is here
    return {"token": token, "ttl": sessions.config()["ttl"]}


@router.post("/renew/{token}")
async def renew(token: str, check: bool = False):
    if check:
        sessions.verify(token)  # only when asked: the memo may be filled below
    return {"keys": len(sessions.keys())}


@router.get("/secrets/{name}")
async def read_secret(name: str):
    store = await sessions.vault()  # builds the one Vault, whose __init__ reads the file
    return {"value": store.secret(name)}


@router.get("/plugins")
async def list_plugins():
    return {"all": plugins.plugin_names(), "enabled": plugins.enabled_plugins(), "index": plugins.index_reader.index(), "manifest": plugins.manifest_of("plugins/x"), "registered": plugins.registered(), "market": plugins.market_source(), "mirror": plugins.mirror_origin()}


from catalog.cities import router as cities_router  # noqa: E402

router.include_router(cities_router)

from catalog.brokers import router as brokers_router  # noqa: E402

router.include_router(brokers_router)

from catalog.schemas import router as schemas_router  # noqa: E402

router.include_router(schemas_router)
