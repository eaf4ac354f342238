import sys

from helpers import fetch_doc

if __name__ == "__main__":
    print(len(fetch_doc(sys.argv[1])))
