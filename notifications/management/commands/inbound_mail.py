"""Read one raw message on stdin and act on it: `manage.py inbound_mail < message.eml`.

For an MTA pipe (Postfix `pipe`, Exim `pipe` transport), for the reply address and the bounce
mailbox alike. Exits 0 whatever the input (garbage, a truncated mail, bad headers, binary, even a
failure of ours, which is logged): a non-zero exit makes the mail server bounce the message to its
sender, who may be forged. The one exception is a database that cannot be reached, which no input
causes: exit 75 (EX_TEMPFAIL), so the mail server keeps the message and delivers it again later.
"""

import logging
import sys

from django.core.management.base import BaseCommand
from django.db import InterfaceError, OperationalError

from notifications.inbound import handle_inbound, parse_message

logger = logging.getLogger("notifications.inbound")
#: sysexits.h: a temporary failure, the mail server tries again later.
EX_TEMPFAIL = 75


class Command(BaseCommand):
    help = (
        "Handle one inbound email (raw RFC 5322 message on stdin): replies to prompts play moves, "
        "delivery reports mark bounced addresses. Always exits 0."
    )

    def handle(self, *args, **options) -> None:
        try:
            raw = sys.stdin.buffer.read()
        except Exception as exc:  # stdin closed or unreadable: nothing to act on
            self.stderr.write(f"inbound_mail: could not read stdin ({type(exc).__name__})")
            return
        if not raw.strip():
            self.stderr.write("inbound_mail: empty message on stdin")
            return
        try:
            outcome = handle_inbound(parse_message(raw))
        except (OperationalError, InterfaceError):
            logger.exception("inbound mail deferred: the database cannot be reached")
            sys.exit(EX_TEMPFAIL)
        except Exception as exc:  # never bounce: log it (with the traceback) and drop the message
            logger.exception("inbound mail could not be handled")
            self.stderr.write(f"inbound_mail: dropped, {type(exc).__name__} (logged)")
            return
        self.stdout.write(outcome)
