PREFIX = "/shop"
