"""Accounts on their own declarative base: a registry of their own."""

from sqlalchemy import Column, Integer, String
from sqlalchemy.orm import declarative_base

AccountBase = declarative_base()


class User(AccountBase):
    __tablename__ = "users"
    id = Column(Integer, primary_key=True)
    email = Column(String(120))
