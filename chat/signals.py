"""`chat_posted(message_id=...)` is sent once the message's transaction has committed.

The notifications app may connect to it and call `chat.selectors.recipients(message_id=...)`.
"""

from django.dispatch import Signal

chat_posted = Signal()
