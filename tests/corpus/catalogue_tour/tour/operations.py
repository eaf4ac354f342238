"""An operations console's async handlers: the Docker daemon, a host over SSH and a git
checkout, each through its sync SDK."""

import docker
import paramiko
from git import Repo


async def restart_worker(name: str) -> str:
    client = docker.from_env()  # expect: UJ001
    client.ping()  # expect: UJ001
    container = client.containers.get(name)  # expect: UJ001
    container.restart()  # expect: UJ001
    client.images.pull("worker:latest")  # expect: UJ001
    return container.name  # ok


async def tail_remote_log(host: str) -> None:
    ssh = paramiko.SSHClient()  # ok
    ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())  # ok
    ssh.connect(host, username="ops")  # expect: UJ001
    ssh.exec_command("tail -n 50 /var/log/app.log")  # expect: UJ001
    sftp = ssh.open_sftp()  # expect: UJ001
    sftp.get("/var/log/app.log", "/tmp/app.log")  # expect: UJ001


async def deployed_revision(checkout: str) -> str:
    repo = Repo(checkout)  # expect: UJ001
    repo.git.fetch("--tags")  # expect: UJ001
    repo.remote("origin").pull()  # expect: UJ001
    return repo.commit("HEAD").hexsha  # expect: UJ001


async def clone_fixture(url: str, into: str) -> None:
    Repo.clone_from(url, into)  # expect: UJ001


__all__ = ["restart_worker", "tail_remote_log", "deployed_revision", "clone_fixture"]
