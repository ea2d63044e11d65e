import { account } from './account.ts';
import { common } from './common.ts';
import { mail } from './mail.ts';
import { pages } from './pages.ts';
import { public_ } from './public.ts';
import { server } from './server.ts';
import { staff } from './staff.ts';
import { system } from './system.ts';
import { venue } from './venue.ts';

// The English catalog (docs/decisions/037-english-and-french.md), one file per area so that
// each area's texts are found, and changed, together:
//   common   the language switch, formats, words every screen uses (buttons, states)
//   pages    every page's name (web/src/app/pages.ts)
//   public   the public site: header, footer, home, contact, privacy, results, mailing list
//   account  sign-in, sign-up, the customer area, registration, payment, receipts
//   staff    the director's and staff screens: admin layout, registrations, check-in, walk-in,
//            matchmaking, communications, settings, reports, files
//   venue    the venue day: rings, ring tablet, matchday, signage, division sheets
//   server   what the server answers: the error catalogue, field errors
//   mail     what goes out to a person: e-mails, SMS, notices, receipts, the unsubscribe page
//   system   monitoring: the /metrics refusal, the System page and its test e-mail
// Each text is an ICU MessageFormat message; the French catalog has the same keys.
export const en = {
  ...common,
  ...pages,
  ...public_,
  ...account,
  ...staff,
  ...venue,
  ...server,
  ...mail,
  ...system,
};

export type MessageKey = keyof typeof en;
