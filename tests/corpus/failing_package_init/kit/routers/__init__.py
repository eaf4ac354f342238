from .audit import router as audit
from .exports import router as exports
from .items import router as items

__all__ = ["audit", "exports", "items"]
