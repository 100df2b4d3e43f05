"""The customer-service contract (the kit's ``CustomerServiceContract``) on every installed plugin."""

from tessera.plugins.kit.suites.customer_service import CustomerServiceContract


class TestCustomerService(CustomerServiceContract):
    """Every installed implementation."""
