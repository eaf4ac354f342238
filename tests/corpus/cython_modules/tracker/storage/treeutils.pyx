# cython: language_level=3
def encode_path(path):
    return "/".join(path)
