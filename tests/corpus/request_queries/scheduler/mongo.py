from pymongo import MongoClient

audit = MongoClient("mongodb://mongo:27017")["scheduler"]["audit"]
