class ExperimentManager:
    """A root folder `services/` without `__init__.py`, which a worker imports from."""
