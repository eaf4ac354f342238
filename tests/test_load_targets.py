"""vegeta's http targets format: blocks, headers, @body files, comments, errors at file:line."""

import re

import pytest

from unjam.errors import BadInput, ExitCode
from unjam.load.targets import Target, check_target, parse_targets, read_targets_file


def test_blocks_headers_and_relative_body(tmp_path):
    (tmp_path / "bodies").mkdir()
    (tmp_path / "bodies" / "invoice.json").write_bytes(b'{"id": 1}')
    targets_file = tmp_path / "targets.txt"
    targets_file.write_text(
        "# a comment\n"
        "GET http://127.0.0.1:8000/items?id=1\n"
        "X-Account: 42\n"
        "Authorization: Bearer a:b\n"
        "\n"
        "POST http://127.0.0.1:8000/invoice\n"
        "Content-Type: application/json\n"
        "@bodies/invoice.json\n"
        "DELETE http://127.0.0.1:8000/items/1\n"
    )
    targets = read_targets_file(str(targets_file))
    assert targets == [
        Target(
            "GET",
            "http://127.0.0.1:8000/items?id=1",
            {"X-Account": "42", "Authorization": "Bearer a:b"},
        ),
        Target(
            "POST",
            "http://127.0.0.1:8000/invoice",
            {"Content-Type": "application/json"},
            b'{"id": 1}',
        ),
        Target("DELETE", "http://127.0.0.1:8000/items/1"),
    ]


def test_defaults_merge_under_target_headers():
    [target] = parse_targets(
        "PUT http://127.0.0.1:1/x\nX-B: target\n",
        default_headers={"X-A": "default", "X-B": "default"},
        default_body=b"payload",
    )
    assert target.headers == {"X-A": "default", "X-B": "target"}
    assert target.body == b"payload"


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("GET http://127.0.0.1:1/\nnot a header\n", "t.txt:2", "bad header"),
        ("\n\nget http://127.0.0.1:1/\n", "t.txt:3", "bad target"),
        ("GET ftp://127.0.0.1/\n", "t.txt:1", "bad URL"),
        ("GET\n", "t.txt:1", "bad target"),
    ],
)
def test_bad_lines_name_file_and_line(text, where, what):
    with pytest.raises(BadInput) as err:
        parse_targets(text, source="t.txt")
    assert str(err.value).startswith(f"{where}: {what}")
    assert err.value.exit_code == ExitCode.BAD_INPUT


def test_missing_body_file_names_the_line(tmp_path):
    with pytest.raises(BadInput, match=r"t.txt:2: body file .*nope.json.* does not exist"):
        parse_targets("POST http://127.0.0.1:1/\n@nope.json\n", source="t.txt", base_dir=tmp_path)


def test_empty_and_missing_files(tmp_path):
    with pytest.raises(BadInput, match="no targets"):
        parse_targets("# only a comment\n", source="t.txt")
    with pytest.raises(BadInput, match="does not exist"):
        read_targets_file(str(tmp_path / "missing.txt"))


def test_stdin_dash_reads_given_text():
    [target] = read_targets_file("-", stdin_text="HEAD http://127.0.0.1:9/ping\n")
    assert target.method == "HEAD" and target.url.endswith("/ping")


@pytest.mark.parametrize(
    ("target", "named"),
    [
        (Target("GE T", "http://127.0.0.1:1/"), "GE T"),
        (Target("GET", "http://127.0.0.1:1/a b"), "%20"),
        (Target("GET", "http://127.0.0.1:1/\x7f"), "percent-encode"),
        (Target("GET", "http://127.0.0.1:1/", {"X-A": "b\r\nX-B: c"}), "X-A"),
        (Target("GET", "http://127.0.0.1:1/", {"X-A": "b\nc"}), "X-A"),
        (Target("GET", "http://127.0.0.1:1/", {"Bad Name": "x"}), "Bad Name"),
        (Target("GET", "http://127.0.0.1:1/", {"X-A": "é"}), "non-ASCII"),
    ],
)
def test_what_would_corrupt_the_wire_is_refused_before_sending(target, named):
    with pytest.raises(BadInput, match=re.escape(named)):
        check_target(target)


def test_a_valid_target_passes_and_a_targets_file_names_the_line():
    check_target(Target("PATCH", "http://127.0.0.1:1/a%20b?x=1", {"X-A": "b c\td"}))
    with pytest.raises(BadInput, match=re.escape("t.txt:3")):
        parse_targets(
            "GET http://127.0.0.1:1/\n\nPOST http://127.0.0.1:1/\nX-A: \x01\n", source="t.txt"
        )
