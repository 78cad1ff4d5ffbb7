"""The site's refusals: the one root error every app raises when it refuses a request, and the view
helper that turns one into its 4xx page. Below every app of ours (it imports none of them).

- `errors`: `Refusal` (a readable message and an HTTP status; nothing was written when one is
  raised) and the common kinds `NotFound`, `Forbidden`, `Invalid`, `Conflict`. Each app's own
  refusals derive from it (`games.errors.GameError`, `notifications.errors.PromptError`, ...).
- `http`: `handles_refusals` (a refusal becomes its page), `valid_or_400` (a form's first error as
  an `Invalid`).
"""
