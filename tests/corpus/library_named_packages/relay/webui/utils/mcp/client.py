"""A folder named like the library it wraps, with no `__init__.py`, inside a regular package
(webui/): it is `webui.utils.mcp`, never a top-level `mcp`, so `from mcp import
ClientSession` is the library's (and an installed package comes before a namespace folder
anyway), not a name missing from this folder."""

from mcp import ClientSession
from mcp.client.streamable_http import streamablehttp_client
from mcp.types import Tool


def tool_names() -> list[str]:
    return [Tool.__name__, ClientSession.__name__, streamablehttp_client.__name__]
