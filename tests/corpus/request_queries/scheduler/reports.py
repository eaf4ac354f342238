import requests

ARCHIVE = "https://archive.internal"


def archive(job_id: int) -> None:
    requests.post(f"{ARCHIVE}/jobs/{job_id}", timeout=5)  # ok: counted in the finding at the route's own first call
