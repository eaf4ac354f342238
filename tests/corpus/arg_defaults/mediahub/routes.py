import shutil

from fastapi import APIRouter, Query, Request

from mediahub import images
from mediahub.accounts import find_account, find_owner, rename, sync_folder, update_account
from mediahub.clients import http_client, metrics_client
from mediahub.http_handler import fetch_page, get_secret, handler, queue_event
from mediahub.llm import completion, outline, summarize
from mediahub.paging import Paging, default_paging
from mediahub.passwords import HASHERS, hash_password, hash_with, run_kdf, verify_password
from mediahub.presets import load_preset as fetch_preset
from mediahub.streaming import publish

router = APIRouter()


@router.get("/health")
async def health():
    return completion(model="mock-model", messages=[{"role": "user", "content": "ping"}])


@router.post("/chat")
async def chat(delay: float):
    return completion(model="gpt", messages=[], mock_delay=delay)


@router.get("/secrets/{name}")
async def read_secret(name: str):
    queue_event({"read": name})
    return get_secret(name)


@router.get("/download")
async def download(url: str):
    return handler.get(url, stream=True)


@router.get("/report")
async def report(url: str, params: dict):
    return handler.report(url, **params)


@router.post("/images/{name}")
async def upload(name: str):
    images.minify(name)
    images.resize(name)
    images.convert(name)
    images.keep_original(name)
    images.store(name, index=False)
    return {"name": name}


@router.post("/images/{name}/refresh")
async def refresh(name: str):
    return images.resize(name, overwrite=False)


@router.post("/folders/{name}/archive")
async def archive(name: str):
    return images.archive(name)


@router.get("/metrics")
async def metrics():
    return metrics_client().get("http://metrics.local/")  # expect: UJ001


@router.get("/avatars/{name}")
async def avatar(name: str):
    return http_client().get(f"http://avatars.local/{name}")  # expect: UJ001


@router.get("/avatars/{name}/fresh")
async def fresh_avatar(name: str):
    return http_client(pooled=False).get(f"http://avatars.local/{name}")  # expect: UJ001


@router.post("/summaries")
async def summary(text: str):
    return summarize(text), outline(text)


@router.get("/pages")
async def page(url: str):
    return fetch_page(url)


@router.get("/export")
async def export_rows():
    return images.export([1, 2, 3])


@router.get("/export/raw")
async def export_raw():
    return images.export([1, 2, 3], "raw")


async def save_upload(name: str, process: bool = Query(True)):
    # a parameter with no constant default is still decided by the constant a caller passes
    if process:
        shutil.copy(name, "/srv/processed/")  # ok
    return name


@router.post("/avatars/{name}")
async def upload_avatar(name: str):
    return await save_upload(name, process=False)


@router.post("/login")
async def login(password: str, stored: str):
    return await run_kdf(verify_password, password, stored)


@router.post("/users")
async def create_user(password: str):
    return await run_kdf(hash_password, password)


@router.post("/accounts/{account_id}/role")
async def set_role(account_id: int, role: str):
    # `{"role": ...}` has no "password": update_account never hashes on this path
    return await update_account({"id": account_id}, {"role": role})


@router.post("/accounts/{account_id}/name")
async def set_name(account_id: int, name: str):
    # no "avatar" key: rename's `if "avatar" not in changes:` runs
    return await rename({"id": account_id}, {"name": name})


@router.post("/users/{scheme}")
async def create_user_with(scheme: str, password: str):
    return await hash_with(getattr(HASHERS, scheme), password)


@router.get("/albums")
async def albums(page: Paging):
    return page


@router.get("/albums/recent")
async def recent_albums():
    return await default_paging()


@router.get("/presets/by-name/{name}")
async def preset(name: str):
    return fetch_preset(name)


@router.get("/themes/{name}")
async def theme(name: str):
    from mediahub.presets import load_theme

    return load_theme(name)


@router.put("/albums/{name}/cover")
async def cover(name: str):
    from mediahub.presets import save_cover, save_thumbnail

    save_thumbnail(name, target="disk")
    return save_cover(name, size=3)


@router.get("/exports/{name}")
async def download_export(name: str):
    from mediahub.exports import export

    return export(name)


@router.post("/billing/webhook")
async def billing_webhook(kind: str, subscription: str):
    from mediahub.billing import handle_webhook

    handle_webhook(kind, subscription)


@router.post("/billing/switch")
async def billing_switch(subscription: str):
    from mediahub.billing import Event, switch_plan

    switch_plan(event=Event.SWITCHED, subscription=subscription)


@router.post("/jobs/{job}")
async def launch(job: str):
    from mediahub.jobs import schedule

    await schedule(job)


@router.get("/repos/commits")
async def repo_commits(url: str):
    from mediahub.sandbox import list_commits

    return await list_commits(url)


@router.post("/documents/{doc_id}/metadata")
async def update_metadata(doc_id: str):
    from mediahub.vision import export_pages, indexer, thumbnail_dir

    export_pages([doc_id])
    try:
        thumbnail_dir(doc_id)
    except ValueError:
        pass
    return await indexer.update(doc_id, use_vision=None)


@router.get("/presets/names")
async def preset_listing(request: Request):
    from mediahub.stores import audit_log, audit_size, preset_names, preset_store

    return {
        "names": preset_names(store=await preset_store(request)),
        "audit": audit_size(await audit_log(request)),
    }


@router.get("/ledger")
async def ledger():
    from mediahub.stores import cached_ledger, ledger_rows, preview

    preview("ledger.png")
    return ledger_rows(ledger=await cached_ledger())


@router.get("/accounts/by-email")
async def account_by_email(email: str, request: Request):
    db = request.app.state.db
    return {"account": find_account(db, email=email), "owner": find_owner(db, handle=email)}


@router.post("/folders/{name}/sync")
async def sync(name: str):
    sync_folder(f"/srv/folders/{name}")


@router.post("/folders/{name}/publish")
async def publish_folder(name: str):
    publish(f"/srv/folders/{name}")


@router.post("/search")
async def search(account: str):
    from mediahub.usage import check_limits

    await check_limits(account, "query")


@router.post("/uploads")
async def upload(account: str, pages: int):
    from mediahub.usage import check_limits

    await check_limits(account, "ingest", pages)
