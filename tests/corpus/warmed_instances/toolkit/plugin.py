from fastapi import FastAPI

from toolkit.catalog import PromptBook, ReportTemplates, ToolCatalog


class Assistant:
    def __init__(self, app: FastAPI, spec_path: str) -> None:
        self.catalog = ToolCatalog(spec_path)
        self.prompts = PromptBook("prompts.txt")
        self._routes(app)

    def _routes(self, app: FastAPI) -> None:
        @app.get("/tools")
        async def tools() -> list:
            return self.catalog.describe()

        @app.get("/prompt")
        async def prompt() -> str:
            return self.prompts.text()

        @app.get("/reports/{folder}")
        async def reports(folder: str) -> list[str]:
            return ReportTemplates(folder).names()


def add_assistant(app: FastAPI, spec_path: str = "tools.json") -> Assistant:
    return Assistant(app, spec_path)
