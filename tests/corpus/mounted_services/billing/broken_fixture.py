# expect: unparsed
SAMPLE = {"expires": 2026-01-23T14:21:23Z"}
