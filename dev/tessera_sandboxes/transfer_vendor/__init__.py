"""The transfer-wallet vendor sandbox of the ``transfer-vendor`` plugin."""
