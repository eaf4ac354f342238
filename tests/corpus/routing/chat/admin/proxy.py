import subprocess


async def reload_proxy():
    subprocess.Popen("nginx -s reload", shell=True)  # expect: UJ001
    return {"reloaded": True}
