# expect: unparsed
import re


class Order:
    pattern = re.compile(r'[\'']', "x")
