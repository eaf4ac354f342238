from sqlalchemy import create_engine
from sqlalchemy.orm import sessionmaker

engine = create_engine("postgresql://rentals@db/rentals")
SessionLocal = sessionmaker(bind=engine)
