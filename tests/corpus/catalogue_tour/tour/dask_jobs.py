from dask.distributed import Client, Variable, fire_and_forget, wait

client = Client("tcp://scheduler:8786")


async def submit_job(job_id: str, values: list, timeout: int):
    future = client.submit(sum, values)  # ok: queues the task
    Variable(job_id, client=client).set(future)  # expect: UJ001
    fire_and_forget(future)  # ok
    if timeout:
        return future.result(timeout=timeout)  # expect: UJ001
    return None


async def collect(futures: list) -> list:
    wait(futures)  # expect: UJ001
    return client.gather(futures)  # expect: UJ001


async def collect_async(address: str, values: list) -> list:
    async_client = await Client(address, asynchronous=True)  # ok: awaited
    future = async_client.submit(sum, values)  # ok
    return [await future, await async_client.gather([future])]  # ok: awaited


__all__ = ["submit_job", "collect", "collect_async"]
