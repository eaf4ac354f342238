from .audit import router as audit
from .items import router as items

__all__ = ["audit", "items"]
