"""Chains composed with `|`: those holding the chat model call OpenAI when invoked; the
one of a prompt and a parser alone formats text."""

from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate

from .models import chat

summarise_prompt = ChatPromptTemplate.from_template("Summarise in one line: {text}")
summarise = summarise_prompt | chat | StrOutputParser()
render_only = summarise_prompt | StrOutputParser()
structured = chat.with_structured_output(dict)
