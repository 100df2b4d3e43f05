"""Tenancy: the brands (tenant folders, synced into the database) and which one a request belongs
to, from its Host header; ``request.public_url`` is the brand's own address (tenant.toml
``public_url``), which every address handed out starts with."""

from pyramid.tweens import EXCVIEW

from tessera.tenancy.addresses import request_public_url
from tessera.tenancy.hosts import (
    is_backoffice_host,
    request_brand,
    request_tenant,
    request_tenant_domain,
    request_tenant_or_none,
)


def includeme(config):
    config.add_request_method(is_backoffice_host, "is_backoffice", reify=True)
    config.add_request_method(request_brand, "brand", reify=True)
    config.add_request_method(request_tenant_or_none, "tenant_or_none", reify=True)
    config.add_request_method(request_tenant_domain, "tenant_domain", reify=True)
    config.add_request_method(request_tenant, "tenant", reify=True)
    config.add_request_method(request_public_url, "public_url", reify=True)
    config.add_tween("tessera.tenancy.hosts.tenant_tween_factory", under=EXCVIEW)
