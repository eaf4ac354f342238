"""A migrations folder named like the installed package it uses, with no `__init__.py`:
`from alembic import context` is the installed alembic's, not a module missing here."""

from alembic import context

context.configure()
