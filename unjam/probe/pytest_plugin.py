"""pytest plugin: fail tests that stall the event loop (placeholder until the probe lands)."""
