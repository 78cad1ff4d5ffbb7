"""`{% answer_key %}`: a new random key for each move form a table renders. The same form sent
twice (its first answer lost) carries one key and plays once (`services.action_submit`); two
forms, or two readers of one table, never share one."""

import secrets

from django import template

register = template.Library()


@register.simple_tag
def answer_key() -> str:
    return secrets.token_urlsafe(16)
