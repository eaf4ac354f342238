def read_report(name: str) -> str:
    with open(f"/srv/reports/{name}") as f:  # expect: UJ001
        return f.read()
