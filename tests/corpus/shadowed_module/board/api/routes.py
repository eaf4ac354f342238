STATUS = "ok"
