"""Ports for a server and its diagnostics: never the same one twice."""

from __future__ import annotations

import socket

from unjam.server import free_ports


def test_free_ports_are_distinct_and_bindable():
    ports = free_ports(64)
    assert len(set(ports)) == 64  # one at a time, the OS may hand out a port again
    for port in ports[:4]:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind(("127.0.0.1", port))  # free again once chosen
