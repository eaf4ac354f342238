from fastapi import APIRouter, Depends
from fastapi_utils.cbv import cbv

from pantry.deps import audit_log
from pantry.routes.base import HouseholdController
from pantry.views import controller

router = APIRouter(prefix="/shelves")
labels = APIRouter(prefix="/labels")


@controller(router)
class ShelfController(HouseholdController):
    @router.get("")  # expect: UJ005
    def get_all(self):
        return {"household": self.household, "words": self.words}

    @router.post("/audit")  # expect: UJ005
    async def audit(self, _: None = Depends(audit_log)):
        return {"household": self.household}


@cbv(labels)
class LabelController(HouseholdController):
    _cache: dict = {}  # ok: a private attribute is no dependency

    @labels.get("")  # expect: UJ005
    def get_all(self):
        return {"words": self.words}
