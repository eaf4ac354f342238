"""`unjam lab`: the seeds' services, broken and fixed, and the experiments that measured them.

Layout (data flows top to bottom):

- `registry`      scenarios and variants (app module, route, broken?, blocking line) and
                  `downstreams()` — the interface the doctor and the tests use
- `apps/`         the FastAPI apps, one module per variant, configured by env vars only
- `downstreams/`  local stand-ins for the seeds' dependencies: moto SQS server, latency
                  proxy, slow HTTP service, 429ing sink
- `environments`  starts a scenario's downstreams and describes them as env vars
- `consumer`, `delivery`  seed 001's queue consumer and the exactly-once ledger
- `processes`     serve an app / run a downstream as a child process, pinned to a core
- `scenarios/`    one experiment per seed: run it through `unjam.load`, build its table
- `runner`, `command`  the CLI: options → scenario → table or JSON
"""
