"""A command that builds its own catalogue: the class has more than one instance, so its
memo is each instance's, not the process's."""

import sys

from toolkit.catalog import ToolCatalog


def export(spec_path: str) -> int:
    return len(ToolCatalog(spec_path).describe())


if __name__ == "__main__":
    print(export(sys.argv[1]))
