"""The major version a project's dependency files declare for a library (declared_versions.py),
which decides whether `from pydantic import BaseSettings` can work."""

from __future__ import annotations

import pytest

from unjam.analysis.declared_versions import declared_major, declared_requirement


@pytest.mark.parametrize(
    ("name", "text", "major"),
    [
        ("requirements.txt", "fastapi==0.110\npydantic==2.7.0\n", 2),
        ("requirements.txt", "pydantic[email]>=2.0\n", 2),
        ("requirements.txt", "pydantic~=2.4\n", 2),
        ("requirements.txt", "pydantic>=1.10,<2\n", 1),
        ("requirements-dev.txt", "Pydantic>=2\n", 2),
        ("pyproject.toml", '[project]\ndependencies = [\n    "pydantic>=2.5",\n]\n', 2),
        ("pyproject.toml", '[tool.poetry.dependencies]\npydantic = "^2.5"\n', 2),
        ("pyproject.toml", 'pydantic = {version = "^1.10", extras = ["email"]}\n', 1),
        ("pyproject.toml", 'pydantic = "1.10.2"\n', 1),
        ("poetry.lock", '[[package]]\nname = "pydantic"\nversion = "2.7.0"\n', 2),
        ("Pipfile.lock", '{"default": {"pydantic": {"version": "==1.10.2"}}}', 1),
    ],
)
def test_a_declared_major_version_is_read(tmp_path, name, text, major):
    (tmp_path / name).write_text(text)
    found = declared_major(tmp_path, [""], "pydantic")
    assert found is not None and found[0] == major, found


@pytest.mark.parametrize(
    "text",
    ["pydantic\n", 'pydantic = "*"\n', "# pydantic==2\n", "pydantic-settings==2.1\n", ""],
)
def test_a_bare_or_absent_requirement_declares_nothing(tmp_path, text):
    (tmp_path / "requirements.txt").write_text(text)
    assert declared_major(tmp_path, [""], "pydantic") is None


def test_a_lock_pin_comes_before_a_requirement_and_says_where(tmp_path):
    (tmp_path / "pyproject.toml").write_text('pydantic = "^1.10"\n')
    (tmp_path / "poetry.lock").write_text('[[package]]\nname = "pydantic"\nversion = "2.7.0"\n')
    assert declared_major(tmp_path, [""], "pydantic") == (2, "poetry.lock: 2.7.0")


@pytest.mark.parametrize(
    ("name", "text", "declared"),
    [
        ("requirements.txt", "fastapi\nservices==1.2\n", True),
        ("pyproject.toml", '[project]\ndependencies = [\n  "services>=1",\n]\n', True),
        ("poetry.lock", '[[package]]\nname = "services"\nversion = "1.0"\n', True),
        ("requirements.txt", "fastapi\nmy-services==1\n", False),
        ("requirements.txt", "# services\nfastapi\n", False),
    ],
)
def test_a_requirement_is_found_by_its_name(tmp_path, name, text, declared):
    (tmp_path / name).write_text(text)
    assert declared_requirement(tmp_path, "services") is declared
