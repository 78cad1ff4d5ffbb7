"""Play by email: the outbox of notification rows, prompts with signed links and reply addresses,
deadlines (sweep, reminders, idle ladder, vacation) and inbound replies.

Writes go through `notifications.services`; Celery tasks in `notifications.tasks` only call them.
"""
