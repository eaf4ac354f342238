prefix = "/api/v1"
