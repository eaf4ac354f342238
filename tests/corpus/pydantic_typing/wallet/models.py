# expect: unparsed (imports `Optional` from pydantic (line 3), which no pydantic version has)
"""`Optional` is typing's: no pydantic, 1 or 2, exports it."""
from pydantic import BaseModel, Optional


class WalletIn(BaseModel):
    name: str
    note: Optional[str] = None
