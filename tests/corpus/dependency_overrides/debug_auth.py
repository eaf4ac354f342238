"""A loose debugging script: it imports the served app and replaces a dependency for a
TestClient of its own. Nothing imports it, so the served app keeps `get_api_key_user`."""

from fastapi.testclient import TestClient

from tasks import routes
from tasks.main import app

app.dependency_overrides[routes.get_api_key_user] = lambda: {"id": "debug"}
print(TestClient(app).get("/tasks/keys").json())
