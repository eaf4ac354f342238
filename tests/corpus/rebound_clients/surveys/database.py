"""Indexes are built once with the sync driver as the module loads, then the name is bound
to the async client every request uses."""

import motor.motor_asyncio
import pymongo

URL = "mongodb://surveys@db:27017"

client = pymongo.MongoClient(URL)
database = client["surveys"]
database["answers"].create_index("survey_id")

client = motor.motor_asyncio.AsyncIOMotorClient(URL)
database = client["surveys"]
