import type { account as en } from '../en/account.ts';

export const account = {} satisfies Record<keyof typeof en, string>;
