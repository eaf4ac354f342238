"""The service's MCP tools live in its `api.mcp` package, and use the `mcp` library, which
service/pyproject.toml declares: `from mcp.server…` is the library's (the app runs from
service/, and api/ is no folder on `sys.path`), not a missing api/mcp/server.py."""

from mcp.server.lowlevel import Server  # ok

server = Server("notes")


def list_tools() -> list:
    return [server.name]
