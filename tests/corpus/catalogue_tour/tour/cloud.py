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
    gcs.list_buckets()  # expect: UJ001
    gcs.close()  # ok: drops its session's pooled sockets
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


async def verify_and_mail(to: str, ip: str) -> None:
    import ipinfo
    import resend
    from twilio.rest import Client

    sms = Client("sid", "token")
    service = sms.verify.v2.services("VA0")  # ok: picks the service, sends nothing
    service.verifications.create(to=to, channel="sms")  # expect: UJ001
    resend.Emails.send({"to": to, "subject": "hi", "html": "<p>hi</p>"})  # expect: UJ001
    await resend.Emails.send_async({"to": to, "subject": "hi"})  # ok: awaited
    lookup = ipinfo.getHandler("token")  # ok: builds the handler
    lookup.getDetails(ip)  # expect: UJ001


async def azure_calls(name: str, data: bytes) -> None:
    from azure.communication.email import EmailClient
    from azure.cosmos import CosmosClient
    from azure.storage.blob import BlobServiceClient
    from azure.storage.blob.aio import BlobServiceClient as AsyncBlobServiceClient

    blobs = BlobServiceClient.from_connection_string("conn")  # ok: builds a client
    container = blobs.get_container_client("uploads")  # ok: picks the container
    container.upload_blob(name, data)  # expect: UJ001
    container.get_blob_client(name).download_blob()  # expect: UJ001
    async with AsyncBlobServiceClient.from_connection_string("conn") as aio_blobs:
        await aio_blobs.get_container_client("uploads").upload_blob(name, data)  # ok: aio
    cosmos = CosmosClient("https://db.documents.azure.com", "key")  # expect: UJ001 (reads it)
    items = cosmos.get_database_client("shop").get_container_client("orders")  # ok: picks
    items.upsert_item({"id": name})  # expect: UJ001
    mail = EmailClient.from_connection_string("conn")  # ok: builds a client
    mail.begin_send({"recipients": {"to": [{"address": name}]}}).result()  # expect: UJ001


async def supabase_calls(user_id: str, photo: bytes) -> dict:
    from supabase import Client, acreate_client, create_client

    db: Client = create_client("https://project.supabase.co", "key")  # ok: builds a client
    query = db.table("profiles").select("*").eq("id", user_id)  # ok: builds the query
    row = query.single().execute()  # expect: UJ001
    db.auth.sign_in_with_password({"email": "a@b.c", "password": "pw"})  # expect: UJ001
    bucket = db.storage.from_("avatars")  # ok: picks the bucket
    bucket.upload(f"{user_id}.png", photo)  # expect: UJ001
    bucket.get_public_url(f"{user_id}.png")  # ok: builds the address
    adb = await acreate_client("https://project.supabase.co", "key")
    await adb.table("profiles").select("*").execute()  # ok: the async client, awaited
    return row.data


async def flight_offers(origin: str) -> list:
    from amadeus import Client

    amadeus = Client(client_id="id", client_secret="secret")  # ok: builds a client
    found = amadeus.shopping.flight_offers_search.get(originLocationCode=origin)  # expect: UJ001
    amadeus.reference_data.location("ALHR").get()  # expect: UJ001
    return found.data


async def bus_calls(body: str) -> None:
    from azure.servicebus import ServiceBusClient, ServiceBusMessage

    bus = ServiceBusClient.from_connection_string("conn")  # ok: builds a client
    with bus.get_queue_sender("jobs") as sender:  # ok: picks the queue
        sender.send_messages(ServiceBusMessage(body))  # expect: UJ001
    with bus.get_queue_receiver("replies") as receiver:
        for message in receiver.receive_messages(max_wait_time=5):  # expect: UJ001
            receiver.complete_message(message)  # expect: UJ001


# the coroutines this module offers
__all__ = [
    "bus_calls",
    "cloud",
    "book",
    "publish_avatar",
    "billing",
    "text_and_queue",
    "verify_and_mail",
    "azure_calls",
    "supabase_calls",
    "flight_offers",
    "firebase_calls",
    "taxes",
]


from firebase_admin import auth, messaging  # noqa: E402


async def firebase_calls(token: str, uid: str, message: messaging.Message) -> dict:
    claims = auth.verify_id_token(token)  # ok: checked against cached certificates
    fresh = auth.verify_id_token(token, check_revoked=True)  # expect: UJ001 (fetches the user)
    user = auth.get_user(uid)  # expect: UJ001
    messaging.send(message)  # expect: UJ001
    sent = await messaging.send_each_async([message])  # ok: awaited
    return {"claims": claims, "fresh": fresh, "email": user.email, "sent": sent}


async def taxes(amount: int) -> str:
    calc = stripe.tax.Calculation.create(currency="usd", line_items=[{"amount": amount}])  # expect: UJ001
    stripe.tax.Transaction.create_from_calculation(calculation=calc.id, reference="r")  # expect: UJ001
    return calc.id
