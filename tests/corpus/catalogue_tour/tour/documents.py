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


__all__ = ["publish", "titles", "unpack_saved", "unpack_upload"]  # (the coroutines it offers)


async def unpack_upload(raw: bytes) -> list[str]:
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(raw)) as archive:  # ok: an archive on bytes in memory
        return archive.namelist()


async def unpack_saved(path: str, into: str) -> list[str]:
    import zipfile

    with zipfile.ZipFile(path) as archive:  # expect: UJ001
        archive.extractall(into)  # expect: UJ001
        return archive.namelist()
