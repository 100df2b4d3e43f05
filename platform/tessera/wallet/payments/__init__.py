"""Payments: deposits through payment channels, withdrawals, saved bank accounts and the payment password."""
