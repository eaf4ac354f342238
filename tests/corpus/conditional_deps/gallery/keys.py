from fastapi import APIRouter, Depends

from gallery.security import audit_request, key_guard, quota_guard, read_only_guard
from gallery.settings import settings

dependencies = [Depends(read_only_guard)]
if settings.auth:
    dependencies.append(Depends(key_guard))
if settings.audit:
    dependencies.append(Depends(audit_request))

router = APIRouter(prefix="/keys", dependencies=dependencies)
KEYS: dict[str, str] = {}


@router.post("")  # expect: UJ005 (2–3 trips: the key guard only with auth)
def add_key(name: str):
    KEYS[name] = "issued"
    return {"name": name}


@router.delete("/{name}", dependencies=[Depends(quota_guard)])  # expect: UJ005 (3–4 trips)
def revoke_key(name: str):
    KEYS.pop(name, None)
    return {"name": name}
