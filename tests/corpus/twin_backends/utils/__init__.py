"""A shared package at the root, another project's helpers."""
