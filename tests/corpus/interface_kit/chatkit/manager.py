from fastapi import FastAPI

from chatkit.interfaces import Interface


class InterfaceManager:
    def __init__(self, interfaces: list[Interface]):
        self.interfaces = interfaces
        self.app = FastAPI()
        for interface in self.interfaces:
            self.app.include_router(interface.attach_routes())
