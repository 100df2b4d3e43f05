"""Operators: the brand's back office keys and the operator API."""
