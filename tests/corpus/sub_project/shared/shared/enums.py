from enum import Enum


class Channel(str, Enum):
    SMS = "sms"
    EMAIL = "email"
