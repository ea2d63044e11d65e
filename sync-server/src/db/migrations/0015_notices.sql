-- Automatic notices (issue 16; docs/decisions/026-automatic-notices.md).

-- The receipt and confirmation mail, sent once: a completion or online payment marks its
-- receipt 'queued' in the completing transaction. A sender claims it ('sending', with the
-- time), mails it and marks it 'sent' (or puts it back to 'queued' when the mail failed); the
-- minute sweep sends what is queued and claims again what a crashed sender left 'sending' for
-- ten minutes. Receipts made before, and those of door payments and voids (not mailed), stay
-- 'none'.
alter table receipts
  add column mail_state text not null default 'none'
    check (mail_state in ('none', 'queued', 'sending', 'sent')),
  add column mail_claimed_at timestamptz,
  add column mailed_at timestamptz;
create index receipts_mail_pending on receipts (id) where mail_state in ('queued', 'sending');
