"""Calls whose arguments spread a mapping (`dict(**BASE, id=…)`): a keyword with no name,
which the checks that read every argument must step over (the compiled analysis once
stopped there, and lost the rule's findings)."""

import boto3
from fastapi import Depends, FastAPI

app = FastAPI()  # expect: UJ006
table = boto3.resource("dynamodb").Table("settings")
BASE = {"ConsistentRead": True}


def site_settings():
    # the same lookup on every request, through a table built once
    return table.get_item(Key=dict(**BASE, id="global")).get("Item")  # expect: UJ003


@app.get("/settings")
def read_settings(settings=Depends(site_settings)):
    return settings
