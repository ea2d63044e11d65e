import type { server as en } from '../en/server.ts';

export const server = {} satisfies Record<keyof typeof en, string>;
