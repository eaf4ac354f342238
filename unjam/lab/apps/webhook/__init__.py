"""Seeds 000/001's invoice webhook: validate with pydantic, put the body on SQS.

One module per step of the seeds' story (see each module's docstring for the seed's figures):
`blocking_async` → `run_in_threadpool` → `threadpool_100` → `per_request_client` →
`singleton` → `sync_handler`, plus `best` (unjam's version) and `appendix` (seed 001's
do-nothing endpoints). The queue is a real SQS-compatible server at `LAB_SQS_ENDPOINT`.
"""
