"""Office documents and loaders: python-docx reads or writes an archive, htmldocx and md2pdf
lay a document out (CPU work), and a LangChain loader's `load()` reads and parses its file,
or fetches its page, in the caller's thread; `aload()` runs it in an executor."""

from docx import Document
from htmldocx import HtmlToDocx
from langchain_community.document_loaders import PyPDFLoader, TextLoader, WebBaseLoader
from md2pdf.core import md2pdf


async def report_docx(html: str, path: str) -> str:
    doc = Document()  # expect: UJ001
    HtmlToDocx().add_html_to_document(html, doc)  # expect: UJ001
    doc.save(path)  # expect: UJ001
    return path


async def report_pdf(markdown: str, path: str) -> str:
    md2pdf(path, md_content=markdown)  # expect: UJ001
    return path


async def pages(path: str, suffix: str) -> list:
    loaders = {"pdf": PyPDFLoader(path), "txt": TextLoader(path)}  # ok: nothing read yet
    loader = loaders.get(suffix)
    return loader.load() if loader else []  # expect: UJ001


async def page_text(url: str) -> list:
    page = WebBaseLoader(url)
    first = await page.aload()  # ok: loads in a thread
    return first + page.load()  # expect: UJ001


__all__ = ["page_text", "pages", "report_docx", "report_pdf"]
