"""A workflow executor that the server builds with a run context (its database session) and
the preview route builds without one: what only a context lets it do never runs there. The
nodes' `context` is another class's field, which the executor's stores into never change."""

import json

from sqlalchemy.orm import Session


class RunContext:
    def __init__(self, run_id: str, db_session: Session):
        self.run_id = run_id
        self.db_session = db_session


class Node:
    """A workflow node: it keeps a context of its own, which the executor hands it."""

    def __init__(self, name: str, context: RunContext | None = None):
        self.name = name
        self.context = context


def make_node(name: str) -> Node:
    return Node(name)


class Executor:
    def __init__(self, workflow: dict, context: RunContext | None = None):
        self.workflow = workflow
        self.context = context

    async def run(self, inputs: dict) -> dict:
        outputs = await self._execute(inputs)
        self._finish(outputs)
        return outputs

    async def _execute(self, inputs: dict) -> dict:
        names = []
        for name in self.workflow.get("nodes", []):
            node = make_node(name)
            node.context = self.context
            names.append(node.name)
        return {"echo": inputs, "nodes": names}

    def _finish(self, outputs: dict) -> None:
        self._store_history(json.dumps(outputs))
        self._keep_preview(outputs)

    def _store_history(self, message: str) -> None:
        if not self.context or not self.context.db_session:
            return
        self.context.db_session.add(message)
        self.context.db_session.commit()  # ok

    def _keep_preview(self, outputs: dict) -> None:
        if self.context is None:
            with open("/var/cache/workflows/preview.json", "w") as out:  # expect: UJ001
                json.dump(outputs, out)
