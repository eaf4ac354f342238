"""Signing in with Google: the flow exchanges the code the browser brings back for this
user's token, and the API client is built with that user's credentials — no one client can
serve every user, and the exchange itself is a blocking POST."""

from fastapi import APIRouter
from google_auth_oauthlib.flow import Flow
from googleapiclient.discovery import build

router = APIRouter(prefix="/oauth")
CLIENT_CONFIG = {"web": {"client_id": "hookdesk", "client_secret": "s", "token_uri": "t"}}


@router.get("/google/return")
async def google_return(code: str):
    flow = Flow.from_client_config(CLIENT_CONFIG, scopes=["openid", "email"])
    flow.fetch_token(code=code)  # expect: UJ001
    people = build("oauth2", "v2", credentials=flow.credentials)  # expect: UJ003
    return {"email": people.userinfo().get().execute()["email"]}  # expect: UJ001
