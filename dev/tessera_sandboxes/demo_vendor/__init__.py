"""The seamless-wallet demo game vendor as it runs: catalog, game pages, slots and wallet calls."""
