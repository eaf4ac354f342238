from db.models import CustomSkill, Skill


def describe(skill: Skill | CustomSkill) -> str:
    return repr(skill)
