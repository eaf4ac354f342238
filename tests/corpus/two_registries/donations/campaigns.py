"""Campaigns on another base: their relationship names a class that does not exist, which
breaks this registry only; the accounts' queries still run."""

from sqlalchemy import Column, Integer
from sqlalchemy.orm import declarative_base, relationship

CampaignBase = declarative_base()


class Campaign(CampaignBase):
    __tablename__ = "campaigns"
    id = Column(Integer, primary_key=True)
    organiser = relationship("NonProfitOrg")
