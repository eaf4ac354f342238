"""A client whose TLS files are read only when a caller asks for TLS."""


class TlsChannel:
    def __init__(self, url, use_tls=False, key_file=None, ca_file=None):
        self.url = url
        self.key = self.ca = None
        if use_tls:
            if key_file is not None:
                with open(key_file, "rb") as f:  # ok
                    self.key = f.read()
            if ca_file is not None:
                with open(ca_file, "rb") as f:  # expect: UJ001
                    self.ca = f.read()


def open_channel(url, **options):
    return TlsChannel(url, **options)


def pinned_channel(url, **options):
    return TlsChannel(url, use_tls=True, **options)
