# expect: unparsed (a syntax error: desk/app/main.py imports it as it starts)
def run_checks():
    return "unterminated
