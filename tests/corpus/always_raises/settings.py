"""Settings beside the package: a bare `settings` may also be a script folder's own."""

DEBUG = False
