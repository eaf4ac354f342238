import skills

print(skills.installed())
