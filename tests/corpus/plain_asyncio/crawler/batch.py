"""A Modal batch job: `modal run` calls the local entrypoint once, from the command line."""

import modal

stub = modal.App("crawl-eval")


@stub.local_entrypoint()
async def evaluate(cases: str = "cases.jsonl") -> None:
    with open(cases) as fh:  # ok: a command's main, no service
        print(sum(1 for _ in fh))
