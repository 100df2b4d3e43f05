"""Whether an address may act on a brand, and the brand's list of networks as staff edit it."""

import ipaddress
from datetime import datetime

from sqlalchemy import delete, select

from tessera.backoffice.networks.models import AllowedNetwork
from tessera.core.envelope import ApiError
from tessera.core.timeutil import iso
from tessera.tenancy.models import Tenant

MAX_NETWORKS = 100


def allowed_networks(db, slug: str) -> list[AllowedNetwork]:
    return list(
        db.scalars(
            select(AllowedNetwork)
            .join(Tenant, Tenant.id == AllowedNetwork.tenant_id)
            .where(Tenant.slug == slug)
            .order_by(AllowedNetwork.network)
        )
    )


def address_allowed(networks: list[str], address: str | None) -> bool:
    """Whether ``address`` is in one of ``networks`` (any address when there are none)."""
    if not networks:
        return True
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in ipaddress.ip_network(network) for network in networks)


def refuse_outside_networks(request, brand: str | None) -> None:
    """Refuse a back-office call on ``brand`` from an address the brand does not allow."""
    if brand is None:
        return
    networks = [row.network for row in allowed_networks(request.db, brand)]
    if not address_allowed(networks, request.client_ip):
        raise ApiError(403, "address_not_allowed", ip=request.client_ip or "")


def network_value(row: AllowedNetwork) -> dict:
    return {"network": row.network, "label": row.label, "createdBy": row.created_by, "createdAt": iso(row.created_at)}


def _normalized(network: str) -> str:
    try:
        return str(ipaddress.ip_network(network.strip(), strict=False))
    except ValueError:
        raise ApiError(400, "network_invalid", network=network) from None


def replace_networks(db, tenant_id: int, asked: list[dict], caller_ip: str | None, staff: str, at: datetime) -> None:
    """Make the brand's list exactly ``asked`` (network and label each); a list that would shut
    out the caller's own address is refused."""
    wanted: dict[str, str | None] = {}
    for entry in asked:
        wanted.setdefault(_normalized(entry["network"]), entry.get("label"))
    if len(wanted) > MAX_NETWORKS:
        raise ApiError(400, "networks_too_many", max=MAX_NETWORKS)
    if not address_allowed(list(wanted), caller_ip):
        raise ApiError(409, "network_locks_you_out", ip=caller_ip or "")
    kept = {row.network: row for row in db.scalars(select(AllowedNetwork).where(AllowedNetwork.tenant_id == tenant_id))}
    for network, row in kept.items():
        if network not in wanted:
            db.delete(row)
        else:
            row.label = wanted[network]
    db.add_all(
        AllowedNetwork(tenant_id=tenant_id, network=network, label=label, created_by=staff, created_at=at)
        for network, label in wanted.items()
        if network not in kept
    )
    db.flush()


def clear_networks(db, tenant_id: int) -> int:
    """Forget every network of the brand (the deployment's break-glass); how many there were."""
    return db.execute(delete(AllowedNetwork).where(AllowedNetwork.tenant_id == tenant_id)).rowcount
