"""`[tool.unjam]` config, rule selection and file discovery for `unjam check`."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from unjam.analysis.config import find_pyproject, load_config, rule_enabled
from unjam.analysis.discovery import discover
from unjam.errors import UserError


def write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# --- selection ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("select", "ignore", "code", "expected"),
    [
        (["ALL"], [], "UJ004", True),
        (["ALL"], ["UJ004"], "UJ004", False),
        (["UJ00"], ["UJ004"], "UJ001", True),
        (["UJ001"], ["UJ0"], "UJ001", True),  # the more specific selector wins
        (["UJ0"], ["UJ0"], "UJ001", False),  # a tie goes to ignore
        (["UJ001"], [], "UJ002", False),
    ],
)
def test_rule_selection_like_ruff(select, ignore, code, expected):
    assert rule_enabled(code, select, ignore) is expected


def test_config_is_read_from_the_nearest_pyproject_with_a_unjam_table(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.unjam]\nignore = ["UJ004"]\n')
    write(tmp_path / "svc" / "pyproject.toml", '[project]\nname = "svc"\n')  # no [tool.unjam]
    app = write(tmp_path / "svc" / "app" / "main.py")
    assert find_pyproject(app.parent) == tmp_path / "pyproject.toml"
    config = load_config(app.parent)
    assert config.path == tmp_path / "pyproject.toml"
    assert not config.enabled("UJ004") and config.enabled("UJ001")
    assert config.enabled_codes() == {"UJ001", "UJ002", "UJ003", "UJ005", "UJ006"}


def test_command_line_select_replaces_and_ignore_adds(tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.unjam]\nselect = ["UJ001"]\nignore = ["UJ003"]\n')
    config = load_config(tmp_path, select=["UJ00"], ignore=["UJ002"])
    assert config.enabled_codes() == {"UJ001", "UJ004", "UJ005", "UJ006"}


def test_config_file_option_and_blocking_entries(tmp_path):
    config_file = write(
        tmp_path / "elsewhere.toml",
        '[tool.unjam]\n[[tool.unjam.blocking]]\nname = "legacy.client.fetch"\nkind = "network"\n',
    )
    config = load_config(tmp_path, config_file)
    assert config.blocking == ({"name": "legacy.client.fetch", "kind": "network"},)


@pytest.mark.parametrize(
    ("table", "needle"),
    [
        ('select = "UJ001"', "select must be a list of strings"),
        ('select = ["UJ999"]', "unknown rule code 'UJ999' in select in"),
        ('ignore = ["E501"]', "unknown rule code 'E501'"),
        ("exclude = [1]", "non-string item 1"),
        ('blocking = "x"', "blocking must be an array of tables"),
        ('colour = "always"', "unknown key 'colour'"),
    ],
)
def test_bad_config_values_are_one_line_user_errors(tmp_path, table, needle):
    pyproject = write(tmp_path / "pyproject.toml", f"[tool.unjam]\n{table}\n")
    with pytest.raises(UserError) as caught:
        load_config(tmp_path)
    assert needle in str(caught.value)
    assert "\n" not in str(caught.value)
    if "--" not in needle:
        assert str(pyproject) in str(caught.value)


def test_invalid_toml_and_missing_config_file(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.unjam\n")
    with pytest.raises(UserError, match="not valid TOML"):
        load_config(tmp_path)
    with pytest.raises(UserError, match="does not exist"):
        load_config(tmp_path, tmp_path / "missing.toml")
    (tmp_path / "pyproject.toml").write_bytes(b"\xff\xfe[tool.unjam]\n")
    with pytest.raises(UserError, match="not UTF-8"):
        load_config(tmp_path)


def test_unknown_code_on_the_command_line_names_the_option(tmp_path):
    with pytest.raises(UserError, match=r"unknown rule code 'UJX' in --select"):
        load_config(tmp_path, select=["UJX"])


# --- discovery ----------------------------------------------------------------------------


def test_discovery_skips_environments_caches_and_build_output(tmp_path):
    for name in ["app/main.py", "app/sub/deep.py", "app/notes.txt"]:
        write(tmp_path / name)
    for skipped in [
        ".venv",
        "venv",
        ".git",
        "__pycache__",
        "node_modules",
        "build",
        "dist",
        ".tox",
        "site-packages",
        ".unjam-cache",
        "pkg.egg-info",
    ]:
        write(tmp_path / skipped / "x.py")
    found = discover([tmp_path])
    assert found.root == tmp_path.resolve()
    relative = sorted(str(f.relative_to(found.root)) for f in found.files)
    assert relative == ["app/main.py", "app/sub/deep.py"]


def test_exclude_globs_bare_names_and_anchored_paths(tmp_path):
    for name in [
        "app/main.py",
        "app/migrations/0001.py",
        "app/test_main.py",
        "tests/corpus/a.py",
        "tests/unit.py",
    ]:
        write(tmp_path / name)
    write(
        tmp_path / "pyproject.toml",
        '[tool.unjam]\nexclude = ["migrations", "test_*.py", "tests/corpus"]\n',
    )
    config = load_config(tmp_path)
    found = discover([tmp_path], config.exclude, test_code=())
    relative = sorted(str(f.relative_to(found.root)) for f in found.files)
    assert relative == ["app/main.py", "tests/unit.py"]


def test_a_path_named_explicitly_is_checked_even_if_excluded(tmp_path):
    write(tmp_path / "examples" / "svc" / "main.py")
    write(tmp_path / "pyproject.toml", '[tool.unjam]\nexclude = ["examples"]\n')
    config = load_config(tmp_path / "examples" / "svc")
    assert discover([tmp_path], config.exclude).files == ()
    named = discover([tmp_path / "examples" / "svc"], config.exclude)
    assert [f.name for f in named.files] == ["main.py"]


def test_a_single_file_is_rooted_at_its_directory(tmp_path):
    app = write(tmp_path / "svc" / "main.py")
    found = discover([app])
    assert found.root == app.parent.resolve() and found.files == (app.resolve(),)


def test_nonexistent_path_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        discover([tmp_path / "nope"])


def test_a_bad_blocking_entry_names_the_config_file(tmp_path):
    pyproject = write(
        tmp_path / "pyproject.toml",
        '[tool.unjam]\n[[tool.unjam.blocking]]\nname = "legacy.fetch"\nkind = "slow"\n',
    )
    with pytest.raises(UserError) as caught:
        load_config(tmp_path)
    assert str(caught.value).startswith(f"{pyproject}: ")
    assert "'slow'" in str(caught.value)


def test_gitignore_is_respected_inside_a_git_repository(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "generated/\n*_pb2.py\n")
    write(tmp_path / "app" / ".gitignore", "scratch.py\n!keep_pb2.py\n")
    for name in [
        "app/main.py",
        "app/scratch.py",
        "app/keep_pb2.py",
        "app/api_pb2.py",
        "generated/client.py",
    ]:
        write(tmp_path / name)
    found = discover([tmp_path])
    assert sorted(str(f.relative_to(found.root)) for f in found.files) == [
        "app/keep_pb2.py",
        "app/main.py",
    ]
    everything = discover([tmp_path], respect_gitignore=False)
    assert len(everything.files) == 5


def test_a_gitignore_line_git_skips_is_skipped_and_the_rest_still_applies(tmp_path):
    """A lone `!` is no pattern (pathspec refuses it, git passes over it): the lines around
    it still keep their files out, and nothing fails."""
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "!\ngenerated/\n")
    write(tmp_path / "app" / "main.py")
    write(tmp_path / "generated" / "client.py")
    found = discover([tmp_path])
    assert [str(f.relative_to(found.root)) for f in found.files] == ["app/main.py"]


def test_a_gitignore_pattern_re_warns_about_prints_no_warning(tmp_path):
    """Next.js's `[[...path]].tsx` is a pattern whose regular expression makes `re` warn of a
    nested set: the user sees nothing of it, and the patterns still apply."""
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "web/pages/[[...slug_config]].tsx\ngenerated/\n")
    write(tmp_path / "app" / "main.py")
    write(tmp_path / "generated" / "client.py")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found = discover([tmp_path])
    assert [str(f.relative_to(found.root)) for f in found.files] == ["app/main.py"]


def test_a_gitignored_directory_named_explicitly_is_checked(tmp_path):
    (tmp_path / ".git").mkdir()
    write(tmp_path / ".gitignore", "vendor/\n")
    write(tmp_path / "vendor" / "lib" / "client.py")
    assert discover([tmp_path]).files == ()
    assert len(discover([tmp_path / "vendor"]).files) == 1


def test_gitignore_outside_a_repository_is_not_consulted(tmp_path):
    write(tmp_path / ".gitignore", "*.py\n")
    write(tmp_path / "main.py")
    assert len(discover([tmp_path]).files) == 1


def test_respect_gitignore_setting(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.unjam]\nrespect-gitignore = false\n")
    assert load_config(tmp_path).respect_gitignore is False
    assert load_config(tmp_path, respect_gitignore=True).respect_gitignore is True
    write(tmp_path / "pyproject.toml", '[tool.unjam]\nrespect-gitignore = "no"\n')
    with pytest.raises(UserError, match="respect-gitignore must be true or false"):
        load_config(tmp_path)


def test_several_paths_are_rooted_at_their_common_directory(tmp_path):
    one = write(tmp_path / "svc" / "api" / "main.py")
    write(tmp_path / "svc" / "workers" / "jobs.py")
    found = discover([one, tmp_path / "svc" / "workers"])
    assert found.root == (tmp_path / "svc").resolve()
    assert len(found.files) == 2
