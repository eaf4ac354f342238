"""The served app: `uvicorn main:app` runs the service's factory. The audit API's factory is
built only by the repository's tests (left out here), as is legacy/app.py's of the same name as
the service's; the health app's by a Dockerfile."""

from service.app import create_app

app = create_app()
