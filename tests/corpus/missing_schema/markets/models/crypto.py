class Coin:
    symbol: str = ""
