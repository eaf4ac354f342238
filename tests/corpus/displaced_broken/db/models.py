# expect: unparsed (it lacks `CustomSkill`, which skills/models_view.py imports)
class Skill:
    pass
