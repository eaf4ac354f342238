import requests


def top_tracks():
    return requests.get("https://api.example.com/top").json()  # expect: UJ001
