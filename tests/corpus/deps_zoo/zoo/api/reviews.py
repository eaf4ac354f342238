"""A role check that reads a relationship of the user another dependency loads: with a sync
session, `user.role` queries the database the first time it is read, so the check is no
light work to move onto the loop (the fix does not offer it as `async def`)."""

from fastapi import APIRouter, Depends, HTTPException
from sqlalchemy import ForeignKey, create_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, sessionmaker

router = APIRouter(prefix="/reviews")
engine = create_engine("postgresql://zoo:secret@127.0.0.1/zoo")
SessionLocal = sessionmaker(bind=engine)


class Base(DeclarativeBase):
    pass


class Role(Base):
    __tablename__ = "roles"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str]


class Reviewer(Base):
    __tablename__ = "reviewers"
    id: Mapped[int] = mapped_column(primary_key=True)
    role_id: Mapped[int] = mapped_column(ForeignKey("roles.id"))
    role: Mapped[Role] = relationship()

    def role_name(self) -> str:
        return self.role.name

    def in_team(self, slug: str) -> bool:
        return any(team.slug == slug for team in self.teams)


class Team(Base):
    """Gives `Reviewer` its `teams` from this side (`backref=`): read, it loads too."""

    __tablename__ = "teams"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str]
    reviewer_id: Mapped[int] = mapped_column(ForeignKey("reviewers.id"))
    reviewer = relationship(Reviewer, backref="teams")


def get_db():
    db = SessionLocal()
    try:
        yield db
    finally:
        db.close()


def current_reviewer(db: Session = Depends(get_db)) -> Reviewer:
    return db.query(Reviewer).first()  # expect: UJ005


def is_reviewer(reviewer: Reviewer = Depends(current_reviewer)) -> Reviewer:
    if reviewer.role.name != "reviewer":
        raise HTTPException(status_code=403)
    return reviewer


@router.get("/pending")  # expect: UJ005 (five trips: the session, the reviewer, the role check, the endpoint, its validation)
def pending(db: Session = Depends(get_db), reviewer: Reviewer = Depends(is_reviewer)) -> list:
    return db.query(Reviewer).all()  # expect: UJ005


def is_editor(reviewer: Reviewer = Depends(current_reviewer)) -> Reviewer:
    if reviewer.role_name() != "editor":
        raise HTTPException(status_code=403)
    return reviewer


@router.get("/drafts")  # expect: UJ005 (five trips: the session, the reviewer, the editor check, the endpoint, its validation)
def drafts(db: Session = Depends(get_db), editor: Reviewer = Depends(is_editor)) -> list:
    return db.query(Reviewer).all()  # expect: UJ005


def in_triage(reviewer: Reviewer = Depends(current_reviewer)) -> Reviewer:
    if not reviewer.in_team("triage"):
        raise HTTPException(status_code=403)
    return reviewer


@router.get("/queue")  # expect: UJ005 (five trips: the session, the reviewer, the team check, the endpoint, its validation)
def queue(db: Session = Depends(get_db), member: Reviewer = Depends(in_triage)) -> list:
    return db.query(Reviewer).all()  # expect: UJ005
