"""The catalogue: built-in entries resolve by qualified name, user entries are validated."""

from __future__ import annotations

import pytest

from unjam.analysis.catalogue import load_catalogue
from unjam.analysis.engine import analyze
from unjam.errors import UserError


@pytest.fixture(scope="module")
def cat():
    return load_catalogue()


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("time.sleep", "sleep"),
        ("requests.get", "network"),
        ("requests.Session.post", "network"),
        ("boto3.Client.send_message", "network"),
        ("builtins.open", "file"),
        ("subprocess.run", "subprocess"),
        ("threading.Lock.acquire", "lock"),
        ("bcrypt.hashpw", "cpu"),
        ("sqlalchemy.orm.Query.all", "network"),
        ("qdrant_client.QdrantClient.get_collections", "network"),
        ("azure.servicebus.ServiceBusSender.send_messages", "network"),
        ("git.Repo.init", "subprocess"),  # (`git init`, in a subprocess)
        ("git.Repo.delete_head", "subprocess"),  # (`git branch -d`)
    ],
)
def test_builtin_blocking_entries(cat, name, kind):
    entry = cat.blocking(name)
    assert entry is not None and entry.kind == kind
    assert entry.fix


@pytest.mark.parametrize(
    "name",
    [
        "builtins.dict.get",
        "list.sort",
        "boto3.Client.get_paginator",
        "requests.Session.mount",
        "sqlalchemy.orm.Session.add",
        "aiofiles.open",
        "httpx.AsyncClient.get",
        "redis.Redis.pipeline",
        "threading.Lock.__enter__",
        "smtplib.SMTP.__enter__",  # (the constructor connects; entering returns the object)
        "ftplib.FTP.__enter__",
        "qdrant_client.QdrantClient.close",
        "sqlalchemy.orm.Query.add_column",  # (the deprecated spelling of `add_columns`)
        "requests.Session.__init__",  # (`super().__init__()` of a subclass: no request)
        "qdrant_client.AsyncQdrantClient.search",
        "azure.servicebus.ServiceBusClient.get_queue_sender",
    ],
)
def test_non_blocking_names(cat, name):
    assert cat.blocking(name) is None


def test_types_flow_through_factories(cat):
    assert cat.returns("boto3.client") == "boto3.Client"
    assert cat.returns("sqlalchemy.orm.Query.filter") == "sqlalchemy.orm.Query"
    assert cat.attribute("pymongo.MongoClient", "shop") == "pymongo.Database"
    assert cat.canonical("fastapi.Security") == "fastapi.Depends"
    assert cat.is_client("boto3.client") and not cat.is_client("requests.get")


def test_user_entries_extend_and_override(cat):
    custom = load_catalogue(
        [
            {"name": "acme.vault.read", "kind": "network", "fix": "use acme.aio"},
            {"name": "time.sleep", "kind": "sleep", "fix": "custom fix"},
            {"name": "acme.Client.*", "kind": "network", "except": ["close"]},
            {"name": "acme.Disk.*", "kind": "file", "only": ["read"]},
        ]
    )
    assert custom.blocking("acme.vault.read").fix == "use acme.aio"
    assert custom.blocking("time.sleep").fix == "custom fix"
    assert custom.blocking("acme.Client.get") is not None
    assert custom.blocking("acme.Client.close") is None
    assert custom.blocking("acme.Disk.read") is not None
    assert custom.blocking("acme.Disk.model_dump") is None
    assert custom.digest != cat.digest


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"kind": "network"}, "'name'"),
        ({"name": "a b", "kind": "network"}, "dotted name"),
        ({"name": "acme.x", "kind": "slow"}, "kind 'slow'"),
        ({"name": "acme.x", "kind": "network", "colour": "red"}, "unknown key 'colour'"),
        ({"name": "acme.x"}, "at least"),
        ({"name": "acme.x", "kind": "file", "except": ["a"]}, "'except' only applies"),
        ({"name": "acme.x.*", "kind": "file", "only": "a"}, "'only' must be a list"),
        ({"name": "acme.x.*", "kind": "file", "only": ["a"], "except": ["b"]}, "not both"),
        ({"name": "acme.x", "kind": "file", "client": "yes"}, "'client'"),
        ("acme.x", "must be a table"),
    ],
)
def test_bad_user_entries_are_named(entry, words):
    with pytest.raises(UserError) as err:
        load_catalogue([{"name": "ok.one", "kind": "sleep"}, entry])
    assert "entry #2" in str(err.value)
    assert words in str(err.value)


def test_extra_must_be_a_list():
    with pytest.raises(UserError):
        load_catalogue({"name": "x", "kind": "sleep"})


def test_user_entry_is_used_by_the_analysis(tmp_path):
    (tmp_path / "app.py").write_text(
        "import acme.vault\n\n\nasync def handler():\n    return acme.vault.read('k')\n"
    )
    files = [tmp_path / "app.py"]
    assert analyze(tmp_path, files).findings == []
    result = analyze(
        tmp_path, files, extra_catalogue=[{"name": "acme.vault.read", "kind": "network"}]
    )
    assert [(f.code, f.location.line, f.blocker) for f in result.findings] == [
        ("UJ001", 5, "acme.vault.read")
    ]


def test_azure_clients_are_named_as_written_and_fixed_with_azure_async_client(tmp_path):
    """`AzureOpenAI(...)` built and called per request: the messages name Azure's client,
    and the fix for its blocking call is Azure's async client, not `AsyncOpenAI`."""
    (tmp_path / "main.py").write_text(
        "from fastapi import FastAPI\nfrom openai import AzureOpenAI\n\napp = FastAPI()\n\n\n"
        '@app.post("/chat")\nasync def chat(q: str):\n'
        '    client = AzureOpenAI(azure_endpoint="https://x", api_version="2024-10-21")\n'
        '    return client.chat.completions.create(model="m", messages=[])\n'
    )
    found = {f.code: f for f in analyze(tmp_path, [tmp_path / "main.py"]).findings}
    assert "`openai.AzureOpenAI`" in found["UJ003"].message, found["UJ003"].message
    assert found["UJ001"].fix.startswith("use openai.AsyncAzureOpenAI and await"), found["UJ001"]


def test_a_mongo_find_is_fixed_as_the_lazy_cursor_it_returns(cat):
    """`find()` sends nothing until its cursor is iterated: the fix lists it in the thread."""
    fix = cat.blocking("pymongo.Collection.find").fix
    assert "list(" in fix and "cursor" in fix
    assert "cursor" not in cat.blocking("pymongo.Collection.find_one").fix
