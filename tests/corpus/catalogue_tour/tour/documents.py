"""mongoengine: a document's save and its queryset's answers are round trips to MongoDB;
building a queryset (`filter`, `order_by`) sends nothing."""

from mongoengine import Document, StringField


class Article(Document):
    title = StringField()


async def publish(title: str) -> None:
    Article(title=title).save()  # expect: UJ001


async def titles(word: str) -> dict:
    recent = Article.objects.filter(title__icontains=word).order_by("-id")  # ok: lazy
    first = Article.objects(title=word).first()  # expect: UJ001
    return {"n": recent.count(), "first": first}  # expect: UJ001


__all__ = ["publish", "titles"]  # (the coroutines this module offers)
