"""The payment service's own resources: its program runs from backend/payments/, so its
`from resources import …` is this file, not the gateway's."""


def load_fee_table(path: str) -> str:
    with open(path) as table:  # expect: UJ001
        return table.read()
