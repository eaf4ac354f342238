"""Named after the library it imports: `from celery import Celery` is the library's, never
this file, which is `billing.celery`."""

from celery import Celery

queue = Celery("billing")
