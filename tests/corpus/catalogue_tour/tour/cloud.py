import anthropic
import boto3
import stripe
from google.cloud import storage
from googleapiclient.discovery import build
from kubernetes import client as k8s
from openai import OpenAI

llm = OpenAI()
claude = anthropic.Anthropic()
gcs = storage.Client()
dynamo = boto3.resource("dynamodb")
session = boto3.session.Session()
s3 = session.client("s3")
core = k8s.CoreV1Api()


async def cloud(prompt: str) -> None:
    llm.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])  # expect: UJ001
    claude.messages.create(model="m", max_tokens=10, messages=[])  # expect: UJ001
    blob = gcs.bucket("b").blob("k")  # ok: local objects
    blob.upload_from_string(prompt)  # expect: UJ001
    dynamo.Table("t").put_item(Item={"k": prompt})  # expect: UJ001
    s3.put_object(Bucket="b", Key="k", Body=prompt)  # expect: UJ001
    s3.generate_presigned_url("get_object", Params={})  # ok: local signing
    stripe.Customer.create(email="a@b")  # expect: UJ001
    core.list_namespaced_pod("default")  # expect: UJ001


calendar = None


def calendar_service():
    global calendar
    if calendar is None:
        calendar = build("calendar", "v3", cache_discovery=False)
    return calendar


async def book(body: dict) -> dict:
    request = calendar_service().events().insert(calendarId="primary", body=body)  # ok: builds it
    event = request.execute()  # expect: UJ001
    drive = build("drive", "v3")  # ok: builds a client (UJ003 judges that on a route)
    drive.files().list(pageSize=10).execute()  # expect: UJ001
    return event


async def publish_avatar(image: bytes) -> str:
    import cloudinary.api
    import cloudinary.uploader

    uploaded = cloudinary.uploader.upload(image, folder="avatars")  # expect: UJ001
    cloudinary.api.delete_resources(["avatars/old"])  # expect: UJ001
    return uploaded["secure_url"]


async def billing(customer: str) -> str:
    portal = stripe.billing_portal.Session.create(customer=customer)  # expect: UJ001
    stripe.SetupIntent.create(customer=customer)  # expect: UJ001
    stripe.Event.construct_from({"id": "evt"}, "key")  # ok: builds the object locally
    return portal.url


async def text_and_queue(to: str) -> None:
    from redis import Redis
    from rq import Queue
    from twilio.rest import Client

    sms = Client("sid", "token")
    sms.messages.create(to=to, from_="+100", body="hi")  # expect: UJ001
    jobs = Queue("emails", connection=Redis())  # ok: builds the queue
    jobs.enqueue(print, to)  # expect: UJ001
