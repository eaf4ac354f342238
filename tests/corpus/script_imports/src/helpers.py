import urllib.request


def fetch_doc(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:  # expect: UJ001
        return response.read()


def only_here() -> str:
    return "src"
