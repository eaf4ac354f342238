from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine("postgresql://game@db/game")
SessionLocal = sessionmaker(bind=engine)
