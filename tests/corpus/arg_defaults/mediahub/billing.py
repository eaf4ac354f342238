"""An enum argument picks the branch: the webhook passes only the members its local may
hold (`CREATED` or `CANCELLED`), so the `SWITCHED` branch is not reached from it; the
plan-switch route passes `SWITCHED` itself."""

import enum

import stripe


class Event(enum.Enum):
    CREATED = "created"
    SWITCHED = "switched"
    CANCELLED = "cancelled"


def process_event(*, event: Event, subscription: str) -> None:
    if event == Event.CREATED:
        stripe.Subscription.create(customer=subscription)  # expect: UJ001
    elif event is Event.SWITCHED:
        stripe.Subscription.retrieve(subscription)  # ok: only the webhook calls this one


def switch_plan(*, event: Event, subscription: str) -> None:
    if event == Event.SWITCHED:
        stripe.Subscription.modify(subscription)  # expect: UJ001


def handle_webhook(kind: str, subscription: str) -> None:
    if kind == "customer.subscription.created":
        event = Event.CREATED
    else:
        event = Event.CANCELLED
    process_event(event=event, subscription=subscription)
