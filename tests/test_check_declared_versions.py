"""The major version a project's dependency files declare for a library (declared_versions.py),
which decides whether `from pydantic import BaseSettings` can work."""

from __future__ import annotations

import pytest

from unjam.analysis.declared_versions import declared_below, declared_major, declared_requirement


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


@pytest.mark.parametrize(
    ("name", "text", "declared"),
    [
        ("requirements.txt", "fastapi-users==10.0\nfastapi[all]==0.67.0  # pinned\n", "==0.67.0"),
        ("requirements.txt", "fastapi>=0.68,<0.69\n", ">=0.68,<0.69"),
        ("requirements.txt", "fastapi>=0.68.0,<0.69.0\nstarlette==0.27.0\n", ",<0.69.0"),
        ("requirements.txt", "fastapi~=0.68.0\n", "~=0.68.0"),
        ("requirements.txt", "fastapi==0.68.*\n", "==0.68.*"),
        ("pyproject.toml", '[tool.poetry.dependencies]\nfastapi = "^0.68"\n', ' "^0.68"'),
        ("pyproject.toml", 'fastapi = {extras = ["all"], version = "~0.68.1"}\n', ' "~0.68.1"'),
        ("Pipfile", '[packages]\nfastapi = "==0.65.2"\n', "==0.65.2"),
        ("poetry.lock", '[[package]]\nname = "fastapi"\nversion = "0.68.2"\n', " 0.68.2"),
    ],
)
def test_a_fastapi_before_anyio_is_found_with_where_it_is_declared(tmp_path, name, text, declared):
    (tmp_path / name).write_text(text)
    found = declared_below(tmp_path, [""], "fastapi", (0, 69))
    assert found is not None and found.startswith(f"{name}: fastapi"), found
    assert found.endswith(declared.strip().strip('"')), found


@pytest.mark.parametrize(
    "text",
    [
        "fastapi\n",
        "fastapi>=0.65\n",
        "fastapi~=0.68\n",
        "fastapi==0.100.0\n",
        "fastapi<1\n",
        "fastapi<=0.69.0\n",
        "fastapi-users==0.5\n",
        "# fastapi==0.67\n",
        "",
    ],
)
def test_a_requirement_that_admits_fastapi_0_69_or_later_is_not_before_anyio(tmp_path, text):
    (tmp_path / "requirements.txt").write_text(text)
    assert declared_below(tmp_path, [""], "fastapi", (0, 69)) is None


def test_the_nearest_declaration_wins(tmp_path):
    (tmp_path / "requirements.txt").write_text("fastapi==0.67.0\n")
    (tmp_path / "api").mkdir()
    (tmp_path / "api" / "requirements.txt").write_text("fastapi==0.110.0\n")
    assert declared_below(tmp_path, ["api/", ""], "fastapi", (0, 69)) is None
    assert declared_below(tmp_path, [""], "fastapi", (0, 69)) == "requirements.txt: fastapi==0.67.0"
