"""The package re-exports its submodule's function under the submodule's own name:
`from mediahub.exports import export` gives the function, not the module."""

from .export import export

__all__ = ["export"]
