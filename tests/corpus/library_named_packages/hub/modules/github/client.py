"""`modules/` has no `__init__.py` and the app imports this package through it
(`modules.github.api`): `from github import Github` here is PyGithub, not this package."""

from github import Github


def public_repos(token: str) -> int:
    return Github(token).get_user().public_repos
