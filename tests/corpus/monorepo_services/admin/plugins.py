from importlib import import_module


def load(path: str):
    module, name = path.rsplit(".", 1)
    return getattr(import_module(module), name)
