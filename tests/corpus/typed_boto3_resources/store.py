"""A DynamoDB table handed in, typed with the boto3 stubs' resource class (imported for type
checking only): its methods are requests."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_boto3_dynamodb.service_resource import Table


class Jobs:
    def __init__(self, table: "Table"):
        self.table = table

    def add(self, job: dict) -> None:
        self.table.put_item(Item=job)  # expect: UJ001

    def by_status(self, status: str) -> list:
        return self.table.query(IndexName="status", KeyConditionExpression=status)["Items"]  # expect: UJ005

    def name(self) -> str:
        return self.table.name  # ok: an attribute the handle holds

