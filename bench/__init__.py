"""Benchmarks (not tests): each script prints its figures as JSON."""
