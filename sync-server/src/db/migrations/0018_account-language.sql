-- The account's language (issue 33; docs/decisions/037-english-and-french.md): what the app and
-- the public pages speak once signed in, and what every e-mail and SMS to the account is
-- written in. Sign-up takes the request's language; PUT /api/users/language changes it.
alter table users
  add column language text not null default 'en' check (language in ('en', 'fr'));
