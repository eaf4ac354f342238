"""An early exit on a module value that a function two calls down fills (`state.secret_client
= kms`): the KMS client is built on the first request only. An early exit on a switch that
nothing under it sets builds the audit client on every request."""

import boto3

import state


def load_kms(use_kms: bool) -> None:
    if not use_kms:
        return
    kms = boto3.client("kms")  # ok: stored in state.secret_client, tested above
    state.secret_client = kms


def send_audit(event: dict) -> None:
    audit = boto3.client("firehose")  # expect: UJ003
    audit.put_record(DeliveryStreamName="audit", Record={"Data": str(event)})  # expect: UJ001


class SecretsConfig:
    def initialize(self, raw: dict) -> None:
        load_kms(bool(raw.get("kms")))

    def from_raw(self, raw: dict) -> None:
        if state.secret_client is not None:
            return
        self.initialize(raw)

    def audit(self, event: dict) -> None:
        if state.audit_disabled:
            return
        send_audit(event)


secrets = SecretsConfig()
