import type { staff as en } from '../en/staff.ts';

export const staff = {} satisfies Record<keyof typeof en, string>;
