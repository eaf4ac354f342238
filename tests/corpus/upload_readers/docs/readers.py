"""Readers that take a file on disk or an in-memory one (an upload's contents): the API
hands them uploads in memory, and only the samples route names a file."""

import csv
import io
from pathlib import Path
from typing import IO


class TableReader:
    def read(self, file: Path | IO[str]) -> list[dict]:
        if isinstance(file, Path):
            if not file.exists():  # ok (every caller passes an in-memory file)
                raise FileNotFoundError(file)
            text = file.read_text()  # ok
        else:
            file.seek(0)
            text = file.read()
        return list(csv.DictReader(io.StringIO(text)))


class NoteReader:
    def read(self, file: Path | str | IO[bytes]) -> str:
        if not isinstance(file, (Path, str)):
            return file.getvalue().decode()
        return Path(file).read_text()  # expect: UJ001 (the samples route passes a path)
