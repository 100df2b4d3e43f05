"""The payment gateway sandbox of the ``signed-gateway`` plugin."""
