"""Read one raw message on stdin and act on it: `manage.py inbound_mail < message.eml`.

For an MTA pipe (Postfix `pipe`, Exim `pipe` transport). Always exits 0 for mail it understood or
ignored, so forged or stale mail is dropped rather than bounced back.
"""

import sys

from django.core.management.base import BaseCommand

from notifications.inbound import handle_inbound, parse_message


class Command(BaseCommand):
    help = "Handle one inbound email (raw RFC 5322 message on stdin): replies to prompts play moves."

    def handle(self, *args, **options) -> None:
        raw = sys.stdin.buffer.read()
        if not raw.strip():
            self.stderr.write("inbound_mail: empty message on stdin")
            return
        outcome = handle_inbound(parse_message(raw))
        self.stdout.write(outcome)
