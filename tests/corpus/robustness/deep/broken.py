# expect: unparsed — this file does not parse; it is listed, never a traceback
import time


def broken(:
    time.sleep(1)
