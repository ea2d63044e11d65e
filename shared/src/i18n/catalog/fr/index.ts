import type { MessageKey } from '../en/index.ts';
import { account } from './account.ts';
import { common } from './common.ts';
import { mail } from './mail.ts';
import { pages } from './pages.ts';
import { public_ } from './public.ts';
import { server } from './server.ts';
import { staff } from './staff.ts';
import { system } from './system.ts';
import { venue } from './venue.ts';

// Le catalogue français (français canadien : « courriel », « inscription », « compétiteur »).
// Same keys as the English catalog, file by file; the type below refuses a missing one.
export const fr: Record<MessageKey, string> = {
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
