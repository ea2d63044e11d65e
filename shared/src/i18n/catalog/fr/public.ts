import type { public_ as en } from '../en/public.ts';

export const public_ = {} satisfies Record<keyof typeof en, string>;
