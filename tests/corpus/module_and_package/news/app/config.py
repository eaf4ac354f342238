NAME = "news"
