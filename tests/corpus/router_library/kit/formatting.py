# expect: unparsed
def money(value):
    return f"{value:.2f"
