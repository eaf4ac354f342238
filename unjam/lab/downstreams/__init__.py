"""Local stand-ins for the seeds' downstream services, each a real server on 127.0.0.1.

- `sqs_server`: moto's SQS in server mode (a real HTTP server speaking the SQS protocol).
- `latency_proxy`: a TCP proxy that holds every byte for N ms, so the queue is as far away
  as the seeds' AWS was (local moto answers in a few ms; their SQS took 100-300 ms).
- `slow`: an async HTTP service that answers after N ms (translation API, health endpoints,
  the appendix's "internal URL").
- `sink`: the rate-limited downstream of seed 001's consumer, answering 429 above its limit
  and counting every delivery per message id (duplicates are counted, never hidden).
"""
