import redis

client = redis.Redis(host="localhost", port=6379)
