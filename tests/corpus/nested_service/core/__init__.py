"""The repository's desktop game: a package named `core` too, at the root."""
