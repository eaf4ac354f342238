from fastapi import APIRouter, Depends, Security
from fastapi.security import OAuth2PasswordRequestForm

from zoo.resources import Inventory, InventoryDep, Keeper, get_cached_sqs, get_http, get_s3
from zoo.security import allow_list, audit, checker, rate_limit, require_scopes

router = APIRouter(prefix="/animals", dependencies=[Depends(audit)])


@router.get("/count", dependencies=[Depends(rate_limit)]) # expect: UJ005
async def count(inventory: InventoryDep, user=Security(require_scopes)):
    return {"count": inventory.count()}


@router.get("/keeper")  # expect: UJ005
def keeper(k: Keeper = Depends(), ok: bool = Depends(checker)):
    return {"keeper": k.name}


@router.get("/{name}")  # expect: UJ005
def animal(name: str, allowed: bool = Depends(allow_list), inventory: Inventory = Depends()):
    return {"name": name, "allowed": allowed}


@router.post("/upload")  # expect: UJ005
async def upload(s3=Depends(get_s3), sqs=Depends(get_cached_sqs), http=Depends(get_http)):
    await http.post("https://thumbs.internal/make")  # ok: awaited
    return {"ok": True}


from zoo.resources import get_fresh_client, get_tenant_client  # noqa: E402


@router.get("/tenant/clients")  # expect: UJ005
def tenant(client=Depends(get_tenant_client), fresh=Depends(get_fresh_client)):
    return {"ok": True}


@router.post("/login")  # expect: UJ005 (audit, the form class FastAPI builds in the pool, login)
def login(form: OAuth2PasswordRequestForm = Depends()):
    return {"user": form.username}
