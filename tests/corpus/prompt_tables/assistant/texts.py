import os

from assistant.prompts import PLUGIN_PROMPTS, SYSTEM_PROMPTS

PROMPT_DIR = "/etc/assistant/prompts"


def system_text(key):
    if key in SYSTEM_PROMPTS:
        return SYSTEM_PROMPTS[key].strip()
    with open(os.path.join(PROMPT_DIR, f"{key}.txt")) as f:  # expect: UJ001
        return f.read()


def plugin_text(key):
    if key in PLUGIN_PROMPTS:
        return PLUGIN_PROMPTS[key]
    with open(os.path.join(PROMPT_DIR, "plugins", key)) as f:  # expect: UJ001
        return f.read()
