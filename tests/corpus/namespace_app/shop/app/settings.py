API_PREFIX = "/api"
