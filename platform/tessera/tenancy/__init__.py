"""Tenancy: the brands (tenant folders, synced into the database) and which one a request belongs
to, from its Host header."""

from pyramid.tweens import EXCVIEW

from tessera.tenancy.hosts import request_brand, request_tenant, request_tenant_domain, request_tenant_or_none


def includeme(config):
    config.add_request_method(request_brand, "brand", reify=True)
    config.add_request_method(request_tenant_or_none, "tenant_or_none", reify=True)
    config.add_request_method(request_tenant_domain, "tenant_domain", reify=True)
    config.add_request_method(request_tenant, "tenant", reify=True)
    config.add_tween("tessera.tenancy.hosts.tenant_tween_factory", under=EXCVIEW)
