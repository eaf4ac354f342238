"""An LLM reply's token count: a `total_tokens` of another kind, which sizes no thread pool
(the app still keeps anyio's default limiter: UJ006 in main.py)."""


class Usage:
    def __init__(self, prompt_tokens: int, completion_tokens: int):
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.total_tokens = prompt_tokens + completion_tokens
