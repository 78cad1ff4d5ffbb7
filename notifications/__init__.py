"""Play by email, above games: it follows game writes up (`games.signals`) and games never imports it.

One module per job (pretix's mail service, the HackSoft styleguide):

- `outbox`: the mail rows, enqueued only after the commit (a broker outage never fails a write),
  delivered at most once, the sweeper, the daily digest;
- `writes`: games' writes followed up (`games.signals.game_writes_committed`): the task that
  records them, and its sweeper;
- `progress`: what a recorded game write causes, in named steps (the mail to a seat marked absent,
  start mail, prompts and their reminders, end mail);
- `prompts`: prompt rows (checks, reminder times, re-timing) and what a prompt mail shows;
- `answers`: playing a prompt's choice from a link or a reply;
- `rendering`: a row as a mail: its templates, its headers on the wire, its conversation;
- `inbound`: replies by mail, taken only from the seat's own address; `replies`: the player's own
  text of a reply (mail-parser-reply); `addresses`: mailboxes compared as providers treat them;
- `bounces`: bounces and complaints (the provider's tracking webhooks, delivery reports), the banner;
- `webhooks`: the provider's webhooks answer only to their secret (a middleware, a system check);
- `preferences`: mutes, opting out, quiet hours, the digest hour, vacations, "I'm back";
- `selectors`: the table's notices (who is away, who muted), cached;
- `errors`: PromptError and VacationError, under `refusals.errors.Refusal`;
- `tasks`: the Celery tasks (each defined next to its job) and the beat sweeps.

Whose turn it is, deadlines, the idle ladder and the seats played at once (assistants, absent
players) are games' own (`games.services.turns`, `games.services.deadlines`, `games.tasks`):
this app turns committed writes into outbox rows, prompts and pushes.
"""
