"""Per-tenant sessions on one shared engine (schema per tenant)."""

from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

engine = create_engine("postgresql://db.internal/app", pool_size=10)


def tenant_session(tenant: str) -> Session:
    tenant_engine = engine.execution_options(schema_translate_map={None: f"t_{tenant}"})
    return sessionmaker(bind=tenant_engine)()  # ok: a factory on the shared engine, no pool


def fresh_engine(url: str):
    return create_engine(url)  # expect: UJ003
