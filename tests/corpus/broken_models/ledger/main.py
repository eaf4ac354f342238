from fastapi import Depends, FastAPI
from sqlalchemy import create_engine, select, text
from sqlalchemy.orm import Session, sessionmaker

from ledger import audit  # noqa: F401  (maps the audit trail)
from ledger.models import Account, Invoice
from ledger.schemas import Account as AccountOut

engine = create_engine("postgresql://ledger@db/ledger")
SessionLocal = sessionmaker(bind=engine)
app = FastAPI()


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


@app.get("/accounts/{account_id}")
async def account(account_id: int, db: Session = Depends(get_db)) -> dict:
    found = db.get(Account, account_id)  # ok: the models fail to configure first
    return AccountOut(email=found.email)


@app.post("/invoices")
async def new_invoice(account_id: int, db: Session = Depends(get_db)) -> dict:
    invoice = Invoice(account_id=account_id)
    db.add(invoice)
    db.commit()  # ok: `Invoice(...)` raised before
    return {"id": invoice.id}


@app.get("/health")
async def health(db: Session = Depends(get_db)) -> dict:
    db.execute(text("SELECT 1"))  # expect: UJ001
    return {"ok": True}


@app.post("/accounts/{account_id}/statements")
async def send_statement(account_id: int, db: Session = Depends(get_db)) -> dict:
    rows = db.execute(select(Invoice).where(Invoice.account_id == account_id))
    with open("/srv/statements.log", "a") as log:  # ok: the query raised before
        log.write(str(account_id))
    return {"count": len(rows.all())}


@app.post("/accounts")
async def open_account(email: str, db: Session = Depends(get_db)) -> dict:
    account = Account(email=email.lower())
    with open("/srv/accounts.log", "a") as log:  # ok: building the model raised before
        log.write(email)
    db.add(account)
    return {"email": email}


from ledger import accounts  # noqa: E402

app.include_router(accounts.router)
