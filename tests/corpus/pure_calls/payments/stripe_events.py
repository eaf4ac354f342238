"""Stripe webhooks: verifying and decoding an event is local work; fetching is not."""

import stripe

WEBHOOK_SECRET = "whsec_test"


def decode(payload: bytes, signature: str) -> stripe.Event:
    return stripe.Webhook.construct_event(payload, signature, WEBHOOK_SECRET)  # ok


def as_customer(data: dict) -> stripe.Customer:
    return stripe.Customer.construct_from(data, stripe.api_key)  # ok


def as_invoice(data: dict) -> stripe.Invoice:
    return stripe.Invoice.construct_from(data, stripe.api_key)  # ok


def refresh(customer_id: str) -> stripe.Customer:
    return stripe.Customer.retrieve(customer_id)  # expect: UJ001


def trial_end(customer: stripe.Customer) -> int | None:
    """A resource is a dict (StripeObject): reading a field is local."""
    if customer.get("deleted"):  # ok
        return None
    return dict(customer.items()).get("trial_end")  # ok


def close(customer: stripe.Customer) -> None:
    customer.delete()  # expect: UJ001


def new_customer(email: str) -> stripe.Customer:
    params = stripe.Customer.CreateParams(email=email)  # ok (a TypedDict of arguments)
    return stripe.Customer.create(**params)  # expect: UJ001
