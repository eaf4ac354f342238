"""`urllib.request.urlopen(url)` of a `data:` URL decodes the URL's own payload in memory:
no request leaves the process. So it is not network I/O where the code has just tested the
URL for that scheme — `if url.startswith("data:"): return urlopen(url).read()` with `url` a
parameter (the summary's "param starts" guard); any other URL, or one the code did not test,
is a request like any other."""

from __future__ import annotations

from unjam.analysis.summary import CallSite, FuncDef

URL_OPENER = "urllib.request.urlopen"


def opens_a_data_url(fd: FuncDef, site: CallSite) -> bool:
    """Whether the URL `site` opens is a parameter that a test around the call says starts
    with `data:`."""
    url = site.args[0] if site.args else dict(site.kwargs).get("url")
    if url is None or url[0] != "name":
        return False
    guards = fd.guards
    index = site.guard
    while index >= 0:
        guard = guards[index]
        prefix = guard.returned
        if (
            guard.kind == "param starts"
            and guard.subject == url
            and prefix is not None
            and prefix[0] == "const"
            and isinstance(prefix[1], str)
            and prefix[1].startswith("data:")
        ):
            return True
        index = guard.outer
    return False
