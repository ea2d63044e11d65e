import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import twilio from 'twilio';
import {
  COMMUNICATION_PATHS,
  LANG_PARAM,
  normalizeAddress,
  toE164,
  type Channel,
  type Locale,
  msg,
} from '@tournament/shared';
import { unsubscribes } from '../db/schema.ts';
import { DomainError } from '../lib/errors.ts';
import { verifyJwt } from '../lib/jwt.ts';
import { logger } from '../lib/logger.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Deps } from '../deps.ts';

// Unsubscribing (decision 024): each e-mail carries a link (and a List-Unsubscribe header) holding a
// signed token naming the address, so it works without signing in; a STOP reply to an SMS is
// the same for a phone number. Both are kept in `unsubscribes` and every later send honours them.

const ALG = 'HS256';
const AUDIENCE = 'nomac-unsubscribe';
/** Long enough for a mail kept in an inbox until next year's tournament. */
const TOKEN_DAYS = 400;

export async function signUnsubscribeToken(deps: Deps, channel: Channel, address: string): Promise<string> {
  const iat = Math.floor(deps.now().getTime() / 1000);
  return new SignJWT({ ch: channel })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(address)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_DAYS * 86_400)
    .sign(deps.tokens.key);
}

/** The channel and address an unsubscribe token names, or null when it is forged or expired. */
export async function readUnsubscribeToken(
  deps: Deps,
  token: string,
): Promise<{ channel: Channel; address: string } | null> {
  const payload = await verifyJwt(token, deps.tokens.key, {
    audience: AUDIENCE,
    requiredClaims: ['exp', 'sub'],
    now: deps.now(),
  });
  if (!payload) return null;
  const channel = payload.ch === 'sms' ? 'sms' : payload.ch === 'email' ? 'email' : undefined;
  const address = channel && payload.sub ? normalizeAddress(channel, payload.sub) : undefined;
  return channel && address ? { channel, address } : null;
}

/**
 * The unsubscribe link of an e-mail address. With `language` other than English, the link asks
 * for its page in that language (`?lang=`, the recipient's account's).
 */
export async function unsubscribeUrl(deps: Deps, address: string, language: Locale = 'en'): Promise<string> {
  const token = await signUnsubscribeToken(deps, 'email', address);
  const lang = language === 'en' ? '' : `&${LANG_PARAM}=${language}`;
  return `${deps.config.publicUrl}${COMMUNICATION_PATHS.unsubscribe}?token=${encodeURIComponent(token)}${lang}`;
}

/** Records that an address wants no more messages on a channel (once; repeating is harmless). */
export async function recordUnsubscribe(db: Db | Tx, channel: Channel, address: string, source: string) {
  await db.insert(unsubscribes).values({ channel, address, source }).onConflictDoNothing();
}

export const BAD_UNSUBSCRIBE_LINK = msg('mail.unsubscribe.badLink');

/** The address of a valid link (GET shows it before the one-click confirmation). */
export async function requireUnsubscribeToken(deps: Deps, token: string) {
  const found = await readUnsubscribeToken(deps, token);
  if (!found) throw new DomainError('bad_token', BAD_UNSUBSCRIBE_LINK, 400);
  return found;
}

/** POST of the link (the page's button, or a mail client's one-click): no more e-mails to it. */
export async function unsubscribeByToken(deps: Deps, token: string) {
  const found = await requireUnsubscribeToken(deps, token);
  await recordUnsubscribe(deps.database.db, found.channel, found.address, 'link');
  return found;
}

// Twilio's opt-out keywords (and those that opt back in), as its Advanced Opt-Out treats them.
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

export const BAD_SIGNATURE = msg('server.twilioSignature');

/**
 * Twilio's incoming-message webhook: the signature (X-Twilio-Signature over the public URL and
 * the form fields) is checked with the SDK; a STOP reply unsubscribes the sender from SMS, a
 * START reply subscribes them again. Answers empty TwiML (Twilio itself confirms the opt-out).
 */
export async function handleSmsWebhook(
  deps: Deps,
  params: Record<string, string>,
  signature: string | undefined,
): Promise<string> {
  const authToken = deps.sms.authToken;
  if (!authToken) throw new DomainError('not_configured', msg('server.smsNotConfigured'), 404);
  const url = `${deps.config.publicUrl}${COMMUNICATION_PATHS.smsWebhook}`;
  if (!signature || !twilio.validateRequest(authToken, signature, url, params)) {
    throw new DomainError('bad_signature', BAD_SIGNATURE, 400);
  }
  const from = toE164(params.From ?? '');
  const word = (params.Body ?? '').trim().toUpperCase();
  if (from && STOP_WORDS.has(word)) {
    await recordUnsubscribe(deps.database.db, 'sms', from, 'stop');
    logger.info('SMS STOP received: the number gets no more SMS');
  } else if (from && START_WORDS.has(word)) {
    await deps.database.db
      .delete(unsubscribes)
      .where(and(eq(unsubscribes.channel, 'sms'), eq(unsubscribes.address, from)));
  }
  return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
}
