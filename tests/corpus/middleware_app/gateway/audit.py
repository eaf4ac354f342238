"""Middleware written as plain functions and handed to Starlette's base class itself."""

import socket

from fastapi import Request


async def resolve_peer(request: Request, call_next):
    request.state.peer_name = socket.gethostbyaddr(request.client.host)  # expect: UJ001
    return await call_next(request)


async def tag_tenant(request: Request, call_next):
    response = await call_next(request)
    response.headers["x-tenant"] = request.headers.get("x-tenant", "public")
    return response


async def unused_dispatch(request: Request, call_next):
    socket.gethostbyname("unused.internal")  # ok: handed to no middleware
    return await call_next(request)
