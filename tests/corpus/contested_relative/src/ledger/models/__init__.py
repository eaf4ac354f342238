from .entry import load_entries

__all__ = ["load_entries"]
