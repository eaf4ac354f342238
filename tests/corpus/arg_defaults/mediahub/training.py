"""Training projects built by the routes themselves: what `create` does only for a project
built with `process=True` never runs for the upload route, which leaves the field at its
default; the import route asks for it and pays for it on the loop. A field set after the
project is built (`job.compress = compress`) may hold anything. A plain class's `__init__`
that keeps its arguments (`self.upload = upload`) is read the same way."""

import shutil
import subprocess
from dataclasses import dataclass, field

from fastapi import APIRouter

training = APIRouter(prefix="/training")


@dataclass
class TrainingProject:
    name: str
    backend: str
    process: bool = False
    dry_run: bool = field(default=False)

    def create(self) -> str:
        if self.process:
            self._prepare_data()
        if not self.dry_run:
            subprocess.run(["trainer", "launch", self.backend, self.name])  # expect: UJ001
        return self.name

    def _prepare_data(self) -> None:
        shutil.copytree(f"/srv/uploads/{self.name}", f"/srv/data/{self.name}")  # expect: UJ001


@dataclass
class Snapshot:
    name: str
    archive: bool = False

    def save(self) -> str:
        if self.archive:
            shutil.make_archive(f"/srv/archive/{self.name}", "zip", "/srv/data")  # ok
        return self.name


@dataclass
class ExportJob:
    name: str
    compress: bool = False

    def run(self) -> str:
        if self.compress:
            subprocess.run(["gzip", f"/srv/exports/{self.name}"])  # expect: UJ001
        return self.name


@training.post("/upload")
async def upload(name: str, backend: str):
    project = TrainingProject(name=name, backend=backend)
    snapshot = Snapshot(name=name)
    snapshot.save()
    return project.create()


@training.post("/import")
async def import_dataset(name: str):
    project = TrainingProject(name=name, backend="local", process=True, dry_run=True)
    return project.create()


@training.post("/export")
async def export(name: str, compress: bool = False):
    job = ExportJob(name=name)
    job.compress = compress
    return job.run()


class Evaluation:
    """A plain class whose `__init__` keeps its switch: `if self.upload:` holds what the
    construction passed, or the default."""

    def __init__(self, name: str, upload: bool = False, notify: bool = True) -> None:
        self.name = name
        self.upload = upload
        self.notify = notify

    def finish(self) -> str:
        if self.upload:
            shutil.copy(f"/srv/evals/{self.name}.json", "/mnt/share/")  # ok
        if self.notify:
            subprocess.run(["notify-send", self.name])  # expect: UJ001
        return self.name


@training.post("/evaluate")
async def evaluate(name: str):
    evaluation = Evaluation(name)
    return evaluation.finish()


@training.post("/evaluate/quiet")
async def evaluate_quietly(name: str):
    evaluation = Evaluation(name, False, False)
    return evaluation.finish()



@dataclass
class Backfill:
    name: str
    rebuild: bool = False

    def run(self) -> str:
        if self.rebuild:
            shutil.rmtree(f"/srv/index/{self.name}")  # expect: UJ001
        return self.name


def backfill_for(name: str, rebuild: bool = False) -> Backfill:
    """A factory whose keyword is not the field's: `backfill_for(name=n,
    rebuild=False)` builds a backfill that rebuilds."""
    return Backfill(name=name, rebuild=not rebuild)


@training.post("/backfill")
async def backfill(name: str):
    job = backfill_for(name=name, rebuild=False)
    return job.run()


@dataclass
class Review:
    """Saved to a file only when asked (`save_to=`): the route never asks, and hands the
    review on only after it ran, which cannot change what it ran with."""

    name: str
    save_to: str | None = None

    async def arun(self) -> str:
        if self.save_to is not None:
            shutil.copy(f"/srv/reviews/{self.name}.json", self.save_to)  # expect: UJ001 (saved)
        return self.name


def summary_of(review: Review) -> dict:
    return {"name": review.name, "saved": review.save_to}


@training.post("/review")
async def review(name: str):
    review = Review(name=name)
    result = await review.arun()
    return {"result": result, **summary_of(review)}


@training.post("/review/{kind}")
async def review_by_kind(kind: str, name: str):
    if kind == "draft":
        review = Review(name=f"draft-{name}")
    else:
        review = Review(name=name)
    return await review.arun()


@training.post("/review/{kind}/saved")
async def review_and_save(kind: str, name: str):
    if kind == "draft":
        review = Review(name=f"draft-{name}")
    else:
        review = Review(name=name, save_to="/srv/reviews/saved")
    return await review.arun()
