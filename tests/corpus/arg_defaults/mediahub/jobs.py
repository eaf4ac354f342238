"""A flag handed on: the launch route leaves `is_system` at its default, `schedule` passes
it along, and `prepare` writes the system user only when it is set, so the launch route
never writes it. The start-up check passes `is_system=True`: that path does, at start-up."""

from pathlib import Path


def prepare(job: str, is_system: bool = False) -> None:
    if is_system:
        Path("/var/lib/mediahub/system-user").write_text(job)  # expect: UJ002


async def schedule(job: str, is_system: bool = False) -> None:
    prepare(job, is_system)
