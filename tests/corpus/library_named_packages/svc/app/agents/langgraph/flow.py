"""A package named like the library it wraps: `from langgraph.graph import StateGraph` is
the library's (an absolute import), not a `graph` module missing from this package."""

from langgraph.graph import StateGraph

graph = StateGraph(dict)
