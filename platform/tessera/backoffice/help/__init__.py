"""The brand's help centre articles and customer-service entries as staff keep them
(``content.publish``), beside the tenant folder's, which are listed read-only."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.help_articles", f"{BRAND}/help-articles")
    config.add_route("backoffice.help_article", f"{BRAND}/help-articles/{{key}}")
    config.add_route("backoffice.customer_service", f"{BRAND}/customer-service")
    config.add_route("backoffice.customer_service_entry", f"{BRAND}/customer-service/{{key}}")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
