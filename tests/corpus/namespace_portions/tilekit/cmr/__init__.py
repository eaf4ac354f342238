"""The project's portion of the `tilekit` namespace package (tilekit/ has no `__init__.py`):
`tilekit.core` is the `tilekit-core` distribution's portion, installed beside it."""
