from sqlalchemy import ForeignKey, Integer
from sqlalchemy.orm import declarative_base, mapped_column, relationship

Base = declarative_base()


class Post(Base):
    __tablename__ = "posts"
    id = mapped_column(Integer, primary_key=True)
    comments = relationship("Comment", cascade="all, delete-orphan")
    likes = relationship("Like", back_populates="post")


class Comment(Base):
    __tablename__ = "comments"
    id = mapped_column(Integer, primary_key=True)
    post_id = mapped_column(ForeignKey("posts.id"))


class Like(Base):
    __tablename__ = "likes"
    id = mapped_column(Integer, primary_key=True)
    post_id = mapped_column(ForeignKey("posts.id"))
    post = relationship("Post", back_populates="likes")
