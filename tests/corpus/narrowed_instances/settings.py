"""A settings tree read from a YAML file once, at import; a nested section is a `Settings`
made from the dict it holds, which never opens a file: `isinstance(source, str)` is false
for the value the caller's own `isinstance(value, dict)` narrowed."""

import os

import yaml


class Settings(dict):
    def __init__(self, source, prefix=""):
        if isinstance(source, str):
            with open(os.path.join(os.path.dirname(__file__), source)) as f:  # ok: at import
                self.data = yaml.safe_load(f)
        elif isinstance(source, dict):
            self.data = source
        else:
            raise TypeError(source)
        self.prefix = prefix

    def __getitem__(self, key):
        value = self.data[key]
        if isinstance(value, dict):
            return Settings(value, prefix=f"{self.prefix}_{key}")
        return value

    def get(self, key, default=None):
        try:
            return self.__getitem__(key)
        except KeyError:
            return default


settings = Settings("service.yaml")
