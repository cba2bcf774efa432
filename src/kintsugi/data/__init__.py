"""Readers for public reliability data sets (read at run time, never shipped in the package)."""
