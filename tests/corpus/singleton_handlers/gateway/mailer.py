"""Mail: one SMTP connection per message, the usual way to use it."""

import smtplib
from email.message import EmailMessage


def _message(to: str, subject: str, body: str) -> EmailMessage:
    msg = EmailMessage()
    msg["To"], msg["Subject"] = to, subject
    msg.set_content(body)
    return msg


def send_receipt(to: str, body: str) -> None:
    with smtplib.SMTP_SSL("mail.internal", 465, timeout=10) as smtp:  # ok: in a worker thread
        smtp.send_message(_message(to, "Your receipt", body))


def notify_ops(body: str) -> None:
    smtp = smtplib.SMTP("mail.internal", 25, timeout=10)  # expect: UJ001
    smtp.send_message(_message("ops@gateway.internal", "gateway alert", body))  # expect: UJ001
    smtp.quit()  # expect: UJ001
