"""A library of routers, no app: its users include them. Importing `kit.routers.items` runs
kit/routers/__init__.py first, whose import of a module nobody wrote fails, so no router of
that package can be included — while kit/health.py, outside it, imports fine."""
