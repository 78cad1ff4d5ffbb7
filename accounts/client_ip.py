"""The address of the client a request comes from: the one rule for the whole site.

Behind the proxies of `deploy/README.md`, `REMOTE_ADDR` is the last proxy's address, the same for
every player: limits counted on it (allauth's sign-in limits: `accounts.adapter`) would make one
stranger's wrong passwords everybody's. So the deployment declares its proxies:

- `ALLAUTH_TRUSTED_PROXY_COUNT` (environment: `TRUSTED_PROXY_COUNT`): how many proxies of our own
  stand in front of the web nodes. Each appends the address it received the request from to
  `X-Forwarded-For`, so with N proxies the client is the N-th address from the right; everything
  left of it was written by the client and is not believed.
- or `ALLAUTH_TRUSTED_CLIENT_IP_HEADER` (`TRUSTED_CLIENT_IP_HEADER`): a header the proxy sets to the
  client's address itself (`X-Real-IP`, `CF-Connecting-IP`), replacing whatever the client sent.

Either is believed only from a peer gunicorn believes its `X-Forwarded-*` headers from
(`FORWARDED_ALLOW_IPS`, the same variable `deploy/gunicorn.conf.py` passes to gunicorn): a request
that reaches a web node some other way has its own `REMOTE_ADDR` as its address. A header that
names no valid address (fewer proxies than declared, a garbled value) falls back to `REMOTE_ADDR`
rather than failing the request. Production refuses to start without a declaration
(`lifeboat_site.E005`).
"""

from __future__ import annotations

import ipaddress
import logging

from django.conf import settings
from django.http import HttpRequest

logger = logging.getLogger(__name__)

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _address(value: str) -> str | None:
    """`value` as a normalised IP address ("[::1]:443" and "1.2.3.4:5678" lose their port), or None."""
    text = value.strip()
    if text.startswith("["):  # [IPv6]:port
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # IPv4:port
        text = text.split(":", 1)[0]
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        return None


def trusted_networks() -> list[Network] | None:
    """The peers whose forwarding headers are believed (FORWARDED_ALLOW_IPS); None: any peer ("*")."""
    networks: list[Network] = []
    for entry in getattr(settings, "FORWARDED_ALLOW_IPS", ["127.0.0.1"]):
        if entry.strip() == "*":
            return None
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            logger.warning("FORWARDED_ALLOW_IPS: %r is no address or network; ignored", entry)
    return networks


def _peer_is_a_proxy(peer: str | None) -> bool:
    if peer is None:
        return False
    networks = trusted_networks()
    if networks is None:
        return True
    address = ipaddress.ip_address(peer)
    return any(address in network for network in networks)


def proxy_count() -> int:
    return int(getattr(settings, "ALLAUTH_TRUSTED_PROXY_COUNT", 0) or 0)


def client_header() -> str | None:
    return getattr(settings, "ALLAUTH_TRUSTED_CLIENT_IP_HEADER", None) or None


def client_ip(request: HttpRequest) -> str:
    """The client's address as the declared proxies report it (see the module's docstring)."""
    remote = request.META.get("REMOTE_ADDR", "")
    peer = _address(remote)
    header, count = client_header(), proxy_count()
    if (header or count) and _peer_is_a_proxy(peer):
        if header:
            forwarded = _address(request.headers.get(header, ""))
        else:
            hops = [hop for hop in request.headers.get("X-Forwarded-For", "").split(",") if hop.strip()]
            forwarded = _address(hops[-count]) if len(hops) >= count else None
        if forwarded:
            return forwarded
    return peer or remote
