"""The best webhook's batcher: each caller gets its own message's outcome, batches hold ≤ 10.

A fake SQS client stands in (no servers): it records the batches it was sent and refuses
any body containing "bad", as SQS reports a failed batch entry.
"""

import asyncio

import pytest

from unjam.lab.apps.webhook.batcher import SendFailed, SqsBatcher


class FakeSqs:
    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    async def send_message_batch(self, QueueUrl, Entries):
        await asyncio.sleep(0.01)
        self.batches.append([e["MessageBody"] for e in Entries])
        ok = [e for e in Entries if "bad" not in e["MessageBody"]]
        bad = [e for e in Entries if "bad" in e["MessageBody"]]
        return {
            "Successful": [{"Id": e["Id"], "MessageId": f"m-{e['MessageBody']}"} for e in ok],
            "Failed": [{"Id": e["Id"], "Code": "InvalidMessageContents"} for e in bad],
        }


def test_each_sender_gets_its_own_message_id_and_failures_are_theirs():
    async def main():
        client = FakeSqs()
        batcher = SqsBatcher(client, "q", linger_ms=5)
        batcher.start()
        bodies = [f"b{n}" for n in range(25)] + ["bad-1"]
        results = await asyncio.gather(*(batcher.send(b) for b in bodies), return_exceptions=True)
        await batcher.close()
        return client, bodies, results

    client, bodies, results = asyncio.run(main())
    assert results[:25] == [f"m-{b}" for b in bodies[:25]]
    assert isinstance(results[25], SendFailed)
    assert all(len(batch) <= 10 for batch in client.batches)
    assert sorted(b for batch in client.batches for b in batch) == sorted(bodies)
    assert len(client.batches) < len(bodies)  # coalesced, not one call per message


def test_a_failed_call_fails_every_sender_in_its_batch():
    class Down:
        async def send_message_batch(self, QueueUrl, Entries):
            raise ConnectionError("queue unreachable")

    async def main():
        batcher = SqsBatcher(Down(), "q", linger_ms=1)
        batcher.start()
        results = await asyncio.gather(
            *(batcher.send(str(n)) for n in range(3)), return_exceptions=True
        )
        await batcher.close()
        return results

    results = asyncio.run(main())
    assert all(isinstance(r, ConnectionError) for r in results)


@pytest.mark.parametrize("linger_ms", [0.0, 20.0])
def test_a_lone_message_is_sent(linger_ms):
    async def main():
        client = FakeSqs()
        batcher = SqsBatcher(client, "q", linger_ms=linger_ms)
        batcher.start()
        result = await asyncio.wait_for(batcher.send("x"), 2)
        await batcher.close()
        return result

    assert asyncio.run(main()) == "m-x"
