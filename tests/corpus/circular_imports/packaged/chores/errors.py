class ChoreError(Exception):
    pass
