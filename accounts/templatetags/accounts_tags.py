from django import template

from accounts import selectors

register = template.Library()


@register.filter
def display_name(user) -> str:
    """`{{ user|display_name }}`: the name other players see (never the email)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    return selectors.display_name(user)
