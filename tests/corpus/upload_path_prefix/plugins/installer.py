"""One installer for the server and the command line: a registry URL (the command's) is
downloaded first, with a client per call; an uploaded archive's path is used as it is."""

import shutil

import httpx


async def download(url: str) -> str:
    async with httpx.AsyncClient() as client:  # ok
        response = await client.get(url)
    path = "/var/cache/plugins/latest.zip"
    with open(path, "wb") as out:  # ok
        out.write(response.content)
    return path


class Installer:
    async def install(self, origin: str) -> str:
        if origin.startswith("http"):
            archive = await download(origin)
        else:
            archive = origin
        shutil.unpack_archive(archive, "/srv/plugins")  # expect: UJ001
        return archive


installer = Installer()
