"""A server class whose routes read agents from a dict it annotates where it fills it
(`self.agents: dict[str, ChatAgent] = {}`), and an archive it annotates as optional and
sets later: what the annotation names is what those attributes hold."""

from typing import Optional

from fastapi import FastAPI

from desk.agents import Archive, ChatAgent


class AgentServer:
    def __init__(self) -> None:
        self.agents: dict[str, ChatAgent] = {}
        self.archive: Optional[Archive] = None
        self.app = FastAPI()
        self._setup_routes()

    def _setup_routes(self) -> None:
        @self.app.post("/agents/{agent_id}/step")
        async def step(agent_id: str, text: str):
            agent = self.agents[agent_id]
            reply = await agent.astep(text)
            if self.archive is not None:
                self.archive.store(reply)
            return {"reply": reply}


server = AgentServer()
app = server.app
