"""A URLconf that mounts no mail provider's webhook (as production with SMTP mounts none)."""

urlpatterns: list = []
