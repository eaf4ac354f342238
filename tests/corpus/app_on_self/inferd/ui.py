"""A Gradio UI beside the API: its `async def` handlers run on the event loop, its `def`
handlers in Gradio's own threads."""

import gradio as gr
import requests


async def ask(message: str, history: list) -> str:
    return requests.post("http://127.0.0.1:9000/generate", json={"p": message}).text  # expect: UJ001


def summarize(text: str) -> str:
    with open("/srv/prompts/summary.txt") as template:  # ok: Gradio runs a def in a thread
        return template.read().format(text=text)


def build_ui() -> gr.Blocks:
    with gr.Blocks() as demo:
        box = gr.Textbox()
        answer = gr.Textbox()
        box.submit(ask, inputs=[box], outputs=[answer])
        gr.Button("summarize").click(fn=summarize, inputs=[box], outputs=[answer])
    return demo
