import { SYNC_SCOPES, type SyncScope } from '@tournament/shared';

// The pull cookie, opaque to the device: "<scope>.<tournamentId>.<version>.<acked>", where
// `acked` is the client's last mutation id when the cookie was made (rejections up to it
// were delivered with it). Anything that does not parse is answered with a full reset.

export interface Cookie {
  scope: SyncScope;
  tournamentId: number;
  version: number;
  acked: number;
}

const PATTERN = /^([a-z]+)\.(\d{1,10})\.(\d{1,15})\.(\d{1,15})$/;

export function makeCookie(c: Cookie): string {
  return `${c.scope}.${c.tournamentId}.${c.version}.${c.acked}`;
}

export function parseCookie(text: string | null): Cookie | null {
  const m = text ? PATTERN.exec(text) : null;
  if (!m || !(SYNC_SCOPES as readonly string[]).includes(m[1] ?? '')) return null;
  return { scope: m[1] as SyncScope, tournamentId: Number(m[2]), version: Number(m[3]), acked: Number(m[4]) };
}
