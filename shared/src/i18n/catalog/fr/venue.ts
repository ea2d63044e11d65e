import type { venue as en } from '../en/venue.ts';

export const venue = {} satisfies Record<keyof typeof en, string>;
