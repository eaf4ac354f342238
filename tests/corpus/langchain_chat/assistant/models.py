"""One chat model and one embeddings client for the process, built at import."""

from langchain.chat_models import init_chat_model
from langchain_openai import ChatOpenAI, OpenAIEmbeddings

chat = ChatOpenAI(model="gpt-4o-mini", temperature=0)
embedder = OpenAIEmbeddings(model="text-embedding-3-small")
judge = init_chat_model("gpt-4o", model_provider="openai")
