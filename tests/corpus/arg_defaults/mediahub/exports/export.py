def export(name: str) -> str:
    with open(f"/srv/exports/{name}.csv") as fh:  # expect: UJ001
        return fh.read()
