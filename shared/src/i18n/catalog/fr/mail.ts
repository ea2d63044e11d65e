import type { mail as en } from '../en/mail.ts';

export const mail = {} satisfies Record<keyof typeof en, string>;
