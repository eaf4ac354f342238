"""Seed 001's pipeline under 429s: every message reaches the sink exactly once.

Real servers: moto (SQS) behind the latency proxy, the 429ing sink, the consumer process.
300 messages are put on the queue at once; the sink takes 60/s, so the consumer is
refused hundreds of times and must back off, retry and delete correctly.
"""

import json

import pytest

from unjam.lab.delivery import pipeline
from unjam.lab.environments import sqs_admin_client
from unjam.lab.registry import downstreams

COUNT = 300


@pytest.mark.slow
def test_consumer_delivers_every_message_once_under_429s():
    with downstreams("webhook", latency_ms=5) as env:
        client = sqs_admin_client(env)
        url = client.get_queue_url(QueueName=env["LAB_QUEUE_NAME"])["QueueUrl"]
        with pipeline(env, sink_rate=60, workers=6) as pipe:
            for batch in range(COUNT // 10):
                client.send_message_batch(
                    QueueUrl=url,
                    Entries=[
                        {"Id": str(k), "MessageBody": json.dumps({"id": f"inv_{batch * 10 + k}"})}
                        for k in range(10)
                    ],
                )
            ledger = pipe.finish({f"inv_{n}" for n in range(COUNT)}, timeout=90)
    assert ledger["rejected_429"] > 0, "the sink never limited the consumer"
    assert ledger["lost"] == 0, ledger["lost_ids"]
    assert ledger["duplicates"] == 0
    assert ledger["accepted_delivered"] == COUNT
    assert ledger["left_on_queue"] == 0
    assert ledger["exactly_once"]
    assert ledger["consumer"]["deleted"] == COUNT
