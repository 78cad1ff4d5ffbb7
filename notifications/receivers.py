"""What the notifications app listens to.

- Inbound mail from providers: django-anymail posts it to its inbound URL and sends `inbound`.
- What became of sent mail, from providers: anymail's `tracking` (bounces, complaints: `bounces`).
- An address its owner confirmed (allauth's `email_confirmed`): mail goes to it again; a changed
  address (`email_changed`): the banner and the table's notices are read anew.
- Game writes: `games.signals.game_writes_committed`, after the commit of every write that stored
  game states; their follow-up (prompts, mails, the idle ladder) is recorded by a task.
"""

from __future__ import annotations

import logging

from allauth.account.signals import email_changed, email_confirmed
from anymail.signals import inbound, tracking
from django.dispatch import receiver

from games.signals import game_writes_committed

from . import bounces
from .inbound import handle_inbound
from .writes import enqueue_recording

logger = logging.getLogger(__name__)


@receiver(inbound, dispatch_uid="notifications_inbound_reply")
def on_inbound(sender, event, esp_name: str, **kwargs) -> None:
    outcome = handle_inbound(event.message)
    logger.info("inbound mail via %s: %s", esp_name, outcome)


@receiver(game_writes_committed, dispatch_uid="notifications_record_game_writes")
def on_game_writes_committed(sender, game_ids: list[int], **kwargs) -> None:
    enqueue_recording(game_ids)


@receiver(tracking, dispatch_uid="notifications_tracking")
def on_tracking(sender, event, esp_name: str, **kwargs) -> None:
    outcome = bounces.record_tracking_event(event, esp_name)
    if outcome != bounces.IGNORED:
        logger.info("mail to %s via %s: %s", event.recipient, esp_name, outcome)


@receiver(email_confirmed, dispatch_uid="notifications_address_confirmed")
def on_email_confirmed(sender, request, email_address, **kwargs) -> None:
    bounces.clear(email_address.email)


@receiver(email_changed, dispatch_uid="notifications_address_changed")
def on_email_changed(sender, request, user, from_email_address, to_email_address, **kwargs) -> None:
    bounces.forget_user(user)
