"""A class-based view's routes are registered in the order its body declares them: `GET
/bins/{bin_id}` comes first, so it answers `/bins/empty` too (with a 422: `empty` is no
UUID), and `empty_bins` never runs."""

from uuid import UUID

from fastapi import APIRouter
from fastapi_utils.cbv import cbv

from pantry.routes.base import BaseController

bins = APIRouter(prefix="/bins")


@cbv(bins)
class BinController(BaseController):
    @bins.get("/{bin_id}")  # expect: UJ005
    def get_bin(self, bin_id: UUID):
        return self.session.get(dict, bin_id)

    @bins.get("/empty")  # ok: `/bins/{bin_id}` answers first
    def empty_bins(self):
        return self.session.execute("SELECT id FROM bins WHERE count = 0").all()
