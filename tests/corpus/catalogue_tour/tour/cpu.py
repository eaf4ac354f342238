import hashlib

import bcrypt
from argon2 import PasswordHasher
from passlib.context import CryptContext

pwd = CryptContext(schemes=["bcrypt"])
hasher = PasswordHasher()


async def login(password: str, stored: bytes) -> bool:
    bcrypt.checkpw(password.encode(), stored)  # expect: UJ001
    pwd.verify(password, stored.decode())  # expect: UJ001
    hasher.verify(stored.decode(), password)  # expect: UJ001
    hashlib.sha256(stored).hexdigest()  # ok: fast hash
    hashlib.pbkdf2_hmac("sha256", password.encode(), b"s", 100_000)  # expect: UJ001
    pwd.identify(stored.decode())  # ok
    return True


async def register(password: str) -> str:
    return pwd.hash(password)  # expect: UJ001


def contexts() -> dict[str, CryptContext]:
    return {"default": pwd}


async def rehash(password: str) -> str:
    return contexts()["default"].hash(password)  # expect: UJ001


PIN_ROUNDS = 1000  # a short-lived PIN's check: a fraction of a millisecond


async def check_pin(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, PIN_ROUNDS)  # ok: 1,000 rounds


async def derive_key(password: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations=600_000)  # expect: UJ001


TEST_COST = 4  # the test settings' bcrypt cost factor


async def hash_for_tests(password: str) -> bytes:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=TEST_COST))  # ok: 2**4 rounds


async def hash_for_users(password: str) -> bytes:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt())  # expect: UJ001


async def hash_for_fixtures(password: str) -> bytes:
    salt = bcrypt.gensalt(rounds=4)
    return bcrypt.hashpw(password.encode(), salt)  # ok: 2**4 rounds


# the coroutines this module offers
async def tag_entities(text: str) -> list:
    from transformers import AutoModelForTokenClassification, AutoTokenizer, pipeline

    tokenizer = AutoTokenizer.from_pretrained("dslim/bert-base-NER")  # expect: UJ001
    model = AutoModelForTokenClassification.from_pretrained("dslim/bert-base-NER")  # expect: UJ001
    tagger = pipeline("ner", model=model, tokenizer=tokenizer)  # ok: handed what was loaded above
    named = pipeline("ner", model="dslim/bert-base-NER")  # expect: UJ001
    return tagger(text) + named(text)  # expect: UJ001 (running the pipelines)


__all__ = [
    "tag_entities",
    "login",
    "register",
    "rehash",
    "check_pin",
    "derive_key",
    "hash_for_tests",
    "hash_for_users",
    "hash_for_fixtures",
]
