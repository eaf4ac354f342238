import subprocess


async def restart(service: str):
    subprocess.run(["systemctl", "restart", service])  # expect: UJ001
    return {"restarted": service}


def disk_usage():
    return subprocess.check_output(["df", "-h"]).decode()  # ok: def endpoint, thread pool (not network)
