class Ward:
    id: int
