import ftplib
import http.client
import smtplib
import socket
import ssl
import urllib.request

import urllib3

http_pool = urllib3.PoolManager()


async def low_level(host: str) -> None:
    urllib.request.urlopen(f"https://{host}/")  # expect: UJ001
    http_pool.request("GET", f"https://{host}/")  # expect: UJ001
    conn = http.client.HTTPSConnection(host)
    conn.request("GET", "/")  # expect: UJ001
    conn.getresponse()  # expect: UJ001
    sock = socket.create_connection((host, 443))  # expect: UJ001
    ctx = ssl.create_default_context()
    tls = ctx.wrap_socket(sock, server_hostname=host)  # expect: UJ001
    tls.sendall(b"ping")  # expect: UJ001
    socket.gethostbyname(host)  # expect: UJ001


async def mail_and_ftp(to: str) -> None:
    with smtplib.SMTP("mail.internal") as smtp:  # expect: UJ001
        smtp.sendmail("noreply@x", [to], "hi")  # expect: UJ001
    ftp = ftplib.FTP("ftp.internal")  # expect: UJ001
    ftp.retrbinary("RETR x", print)  # expect: UJ001
    later = ftplib.FTP()  # ok: no host, no connection yet
    later.connect("ftp.internal")  # expect: UJ001


async def lan_address() -> str:
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    probe.connect(("10.255.255.255", 1))  # ok: a UDP connect sends nothing
    address = probe.getsockname()[0]
    probe.sendto(b"hello", ("10.0.0.1", 9))  # expect: UJ001
    with socket.socket(socket.AF_INET, type=socket.SOCK_DGRAM) as beacon:
        beacon.connect(("10.255.255.255", 1))  # ok: a UDP connect sends nothing
    return address


async def market_data(symbol: str) -> dict:
    import yfinance as yf

    ticker = yf.Ticker(symbol)  # ok: building a Ticker sends nothing
    closes = ticker.history(period="5d")  # expect: UJ001
    frame = yf.download([symbol], period="1mo")  # expect: UJ001
    return {"last": closes["Close"].iloc[-1], "rows": len(frame)}


async def secure_mail(to: str) -> None:
    with smtplib.SMTP_SSL("mail.internal", 465) as smtp:  # expect: UJ001
        smtp.login("noreply", "secret")  # expect: UJ001


async def local_model(prompt: str) -> str:
    import ollama

    reply = ollama.chat(model="llama3", messages=[{"role": "user", "content": prompt}])  # expect: UJ001
    client = ollama.Client(host="http://127.0.0.1:11434")
    client.generate(model="llama3", prompt=prompt)  # expect: UJ001
    await ollama.AsyncClient().chat(model="llama3", messages=[])  # ok: awaited
    return reply["message"]["content"]



async def bank_link(user_id: str) -> str:
    from plaid import ApiClient, Configuration
    from plaid.api import plaid_api

    client = plaid_api.PlaidApi(ApiClient(Configuration(host="https://sandbox.plaid.com")))
    response = client.link_token_create({"user": {"client_user_id": user_id}})  # expect: UJ001
    return response["link_token"]



async def order_events(order_id: int) -> None:
    import pika
    from celery import chain

    from tour.tasks import charge, ship

    connection = pika.BlockingConnection(pika.ConnectionParameters("broker"))  # expect: UJ001
    channel = connection.channel()  # expect: UJ001
    channel.queue_declare(queue="orders")  # expect: UJ001
    channel.basic_publish(exchange="", routing_key="orders", body=str(order_id))  # expect: UJ001
    connection.close()  # expect: UJ001
    chain(charge.s(order_id), ship.s()).apply_async()  # expect: UJ001
    workflow = chain(charge.s(order_id), ship.si(order_id))  # ok: building a canvas sends nothing



async def google_sign_in(token: str) -> dict:
    from google.auth.transport import requests as google_requests
    from google.oauth2 import id_token

    transport = google_requests.Request()  # ok: no request sent yet
    return id_token.verify_oauth2_token(token, transport, "client-id")  # expect: UJ001


async def scoped_orders(order_id: int) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.orm import scoped_session, sessionmaker

    scoped = scoped_session(sessionmaker(bind=create_engine("postgresql://shop@db/shop")))
    scoped.add(object())  # ok: only stages the object
    scoped.execute(text("SELECT 1"))  # expect: UJ001
    scoped.query(object).all()  # expect: UJ001
    scoped.query(object)._compile_state()  # ok: compiles the statement, sends nothing
    session = scoped()  # ok: the thread's session
    session.commit()  # expect: UJ001
    scoped.remove()  # ok: closes the thread's session


async def welcome_mail(address: str) -> None:
    from sendgrid import SendGridAPIClient
    from sendgrid.helpers.mail import Mail

    mailer = SendGridAPIClient("SG.key")  # ok: pools nothing, sends nothing
    message = Mail(from_email="shop@example.com", to_emails=address)  # ok: builds the mail
    mailer.send(message)  # expect: UJ001
    body = {"personalizations": [{"to": [{"email": address}]}]}
    mailer.client.mail.send.post(request_body=body)  # expect: UJ001
    mailer.client.templates._("d-123")  # ok: only extends the URL
    mailer.client.whitelabel.domains._(7).validate.post()  # expect: UJ001


async def exchange_prices(symbol: str) -> None:
    import ccxt
    import ccxt.async_support as accxt

    exchange = ccxt.binance({"enableRateLimit": True})
    exchange.load_markets()  # expect: UJ001
    exchange.fetchOHLCV(symbol, "1h")  # expect: UJ001
    exchange.milliseconds()  # ok: the local clock
    live = accxt.kraken()
    await live.fetch_ticker(symbol)  # ok: the async exchange, awaited


# the coroutines this module offers
__all__ = [
    "exchange_prices",
    "welcome_mail",
    "google_sign_in",
    "scoped_orders",
    "low_level",
    "mail_and_ftp",
    "lan_address",
    "market_data",
    "secure_mail",
    "local_model",
    "bank_link",
    "order_events",
]
