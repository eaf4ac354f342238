from sqlalchemy import create_engine
from sqlalchemy.orm import declarative_base, sessionmaker

engine = create_engine("postgresql://shop@db/shop")
SessionLocal = sessionmaker(bind=engine)
Base = declarative_base()
