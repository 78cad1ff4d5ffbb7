"""Inbound mail from providers: django-anymail posts it to its inbound URL and sends this signal."""

from __future__ import annotations

import logging

from anymail.signals import inbound
from django.dispatch import receiver

logger = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="notifications_inbound_reply")
def on_inbound(sender, event, esp_name: str, **kwargs) -> None:
    from .inbound import handle_inbound

    outcome = handle_inbound(event.message)
    logger.info("inbound mail via %s: %s", esp_name, outcome)
