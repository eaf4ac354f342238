"""Prompt tables shipped with the code, each with a fallback that reads a file."""

SYSTEM_PROMPTS = {
    "chat": "You are a helpful assistant.",
    "summary": "Summarise the conversation.",
}

# filled at run time by a plugin loader: a key present now may be what a plugin put there
PLUGIN_PROMPTS = {"chat": "You are a plugin."}


def register(name: str, text: str) -> None:
    PLUGIN_PROMPTS[name] = text
