"""Balances: what a member holds, the account record and the bonus details."""
