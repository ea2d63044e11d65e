import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { SignJWT } from 'jose';
import QRCode from 'qrcode';
import {
  CHECK_IN_AUDIENCE,
  formatters,
  makeConfirmationCode,
  msg,
  type PaymentMethod,
  receiptItems,
  type Receipt,
  type ReceiptWithQr,
  type Registration,
  type Tournament,
  translateText,
  translatorFor,
} from '@tournament/shared';
import type { Tx } from '../db/client.ts';
import { receipts, registrations } from '../db/schema.ts';
import type { Caller, Deps } from '../deps.ts';
import { notFound } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import type { Mail } from '../lib/mailer.ts';
import { recipientLanguage } from './recipient-language.ts';
import { getRegistration, tournamentsById } from './registration.ts';
import { toReceipt, toRegistrations } from './registration-views.ts';
import { getSiteSettings } from './site-settings.ts';
import { ISSUER } from './tokens.ts';

// Receipts (docs/design.md §5): every completion or payment makes one, with a
// confirmation code and a QR code carrying a signed check-in token.

type ReceiptRow = typeof receipts.$inferSelect;
const DAY_MS = 86_400_000;

const dollars = (n: number) => `$${n}`;

/** What a receipt acknowledges: a payment (online or at the door), or a voided one. */
export interface ReceiptPayment {
  id: string;
  amount: number;
  method?: PaymentMethod;
}

/**
 * Inside the completing transaction: the receipt for `registration` as it stands now, for
 * `payment` (null: completion "pay at the door"), or for the void of `voided`.
 */
export async function insertReceipt(
  tx: Tx,
  deps: Pick<Deps, 'now'>,
  registration: Registration,
  tournament: Tournament | undefined,
  payment: ReceiptPayment | null,
  voided?: { amount: number; method: PaymentMethod },
): Promise<ReceiptRow> {
  const items = receiptItems(registration, registration.tournament);
  // Message references (decision 037): the receipt page, its e-mail and the card payment page
  // each show it in their reader's language.
  const parts = msg('receipt.parts', {
    competitors: registration.competitors.length,
    spectators: registration.spectators,
    lunch: registration.lunch,
  });
  const where = tournament
    ? msg('receipt.where', {
        day: Date.parse(`${tournament.tournamentDate}T00:00:00Z`),
        city: tournament.city,
      })
    : '';
  // Negative when two tablets took money offline for one family: "Refund due $X".
  const owing = registration.cost - registration.amountPaid;
  const balance = msg('receipt.balance', {
    state: owing > 0 ? 'owing' : owing < 0 ? 'refund' : 'paid',
    amount: Math.abs(owing),
  });
  const atDoor = payment?.method !== undefined && payment.method !== 'online';
  let title: string;
  let paid: string;
  if (voided) {
    title = msg('receipt.title.voided');
    paid = msg('receipt.paid.voided', { method: voided.method, amount: voided.amount, balance });
  } else if (!payment) {
    title = msg('receipt.title.payAtDoor');
    paid = msg('receipt.paid.payAtDoor', { amount: registration.balanceOwing });
  } else if (atDoor && payment.method) {
    title = msg('receipt.title.paidAtDoor');
    paid = msg('receipt.paid.atDoor', { method: payment.method, amount: payment.amount, balance });
  } else {
    title = msg('receipt.title.paidOnline');
    paid = msg('receipt.paid.online', { amount: payment.amount, owing: registration.balanceOwing });
  }
  const [row] = await tx
    .insert(receipts)
    .values({
      registrationId: registration.registrationId,
      paymentId: payment?.id ?? null,
      confirmationCode: makeConfirmationCode((n) => crypto.randomInt(n)),
      title,
      description: msg('receipt.description', { id: registration.registrationId, where, parts, paid }),
      paymentAmount: payment?.amount ?? 0,
      total: registration.cost,
      balanceOwing: registration.balanceOwing,
      items,
      createdAt: deps.now(),
    })
    .returning();
  if (!row) throw new Error('insertReceipt: insert returned nothing');
  return row;
}

/**
 * The token in a receipt's QR code: signed with the server key for its own audience (an
 * access token never passes for one, nor one for an access token), stable per receipt
 * (issued at the receipt's time) and valid until two days after the tournament.
 */
export async function checkInToken(
  deps: Deps,
  r: ReceiptRow,
  tournament: Tournament | undefined,
): Promise<string> {
  const iat = Math.floor(r.createdAt.getTime() / 1000);
  const until = tournament
    ? new Date(`${tournament.tournamentDate}T00:00:00Z`).getTime() + 2 * DAY_MS
    : r.createdAt.getTime() + 365 * DAY_MS;
  return new SignJWT({ rid: r.registrationId, rcp: r.id, code: r.confirmationCode })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(`registration:${r.registrationId}`)
    .setIssuer(ISSUER)
    .setAudience(CHECK_IN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(Math.floor(Math.max(until, r.createdAt.getTime() + DAY_MS) / 1000))
    .sign(deps.tokens.key);
}

async function withQr(deps: Deps, r: ReceiptRow, tournament: Tournament | undefined): Promise<ReceiptWithQr> {
  const token = await checkInToken(deps, r, tournament);
  return {
    ...toReceipt(deps, r),
    checkInToken: token,
    qrCode: await QRCode.toDataURL(token, { margin: 1, width: 240 }),
  };
}

/** GET /api/registration/receipt/{registrationId}: the latest receipt, or 404 without one. */
export async function getReceipt(deps: Deps, caller: Caller, registrationId: number): Promise<ReceiptWithQr> {
  const registration = await getRegistration(deps, caller, registrationId);
  const [row] = await deps.database.db
    .select()
    .from(receipts)
    .where(eq(receipts.registrationId, registrationId))
    .orderBy(desc(receipts.id))
    .limit(1);
  if (!row) throw notFound(msg('server.noReceiptYet'));
  return withQr(deps, row, (await tournamentsById(deps)).get(registration.tournamentId));
}

/** The receipt mail to the registration's owner, with the QR code inline. */
export async function receiptMail(deps: Deps, registration: Registration, row: ReceiptRow): Promise<Mail> {
  const tournament = (await tournamentsById(deps)).get(registration.tournamentId);
  const site = await getSiteSettings(deps);
  const receipt: Receipt = toReceipt(deps, row);
  const token = await checkInToken(deps, row, tournament);
  const png = await QRCode.toBuffer(token, { margin: 1, width: 240 });
  // The owner's account's language for the fixed words; the receipt's title, description and
  // items are as they were written when it was made.
  const tr = translatorFor(
    await recipientLanguage(deps.database.db, { registrationId: registration.registrationId }),
  );
  const money = tr.locale === 'en' ? dollars : formatters(tr).money;
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const hello = tr.t('mail.hello', { firstName: registration.owner.name || tr.t('mail.merge.noFirstName') });
  const code = (html: boolean) =>
    tr
      .parts<string>('mail.receipt.code', {
        code: html ? esc(receipt.confirmationCode) : receipt.confirmationCode,
        b: (inner) => (html ? `<strong>${inner.join('')}</strong>` : inner.join('')),
      })
      .join('');
  const total = tr.t('mail.receipt.total', { amount: money(receipt.total) });
  const paid = tr.t('mail.receipt.paid', { amount: money(receipt.paymentAmount) });
  const balance = tr.t('mail.receipt.balance', { amount: money(receipt.balanceOwing) });
  const read = (text: string) => translateText(tr, text);
  const lines = receipt.receiptItems.map(
    (i) => `  ${read(i.description)}${i.quantity > 1 ? ` x ${i.quantity}` : ''}: ${money(i.amount)}`,
  );
  const text = [
    hello,
    '',
    `${read(receipt.title)}.`,
    read(receipt.description),
    '',
    code(false),
    ...lines,
    total,
    paid,
    balance,
    '',
    tr.t('mail.receipt.link', { url: receipt.receiptUrl }),
    tr.t('mail.receipt.showQr'),
    '',
    site.siteName,
  ].join('\n');
  const html = [
    `<p>${esc(hello)}</p>`,
    `<p><strong>${esc(read(receipt.title))}.</strong><br>${esc(read(receipt.description))}</p>`,
    `<p>${code(true)}</p>`,
    `<ul>${receipt.receiptItems.map((i) => `<li>${esc(read(i.description))}${i.quantity > 1 ? ` x ${i.quantity}` : ''}: ${esc(money(i.amount))}</li>`).join('')}</ul>`,
    `<p>${esc(total)}<br>${esc(paid)}<br>${esc(balance)}</p>`,
    `<p><img src="cid:checkin-qr" alt="${esc(tr.t('mail.receipt.qrAlt'))}" width="240" height="240"></p>`,
    `<p><a href="${esc(receipt.receiptUrl)}">${esc(tr.t('mail.receipt.view'))}</a></p>`,
    `<p>${esc(site.siteName)}</p>`,
  ].join('\n');
  return {
    to: registration.owner.email,
    subject: tr.t('mail.receipt.subject', { code: receipt.confirmationCode }),
    text,
    html,
    attachments: [{ filename: 'check-in-qr.png', content: png, cid: 'checkin-qr', contentType: 'image/png' }],
  };
}

/**
 * E-mails the receipt to the registration's owner with the QR code inline. A failure is logged,
 * not thrown; the answer says whether the mail left (staff resending a receipt are told).
 */
export async function mailReceipt(deps: Deps, registration: Registration, row: ReceiptRow): Promise<boolean> {
  try {
    await deps.mailer.send(await receiptMail(deps, registration, row));
    return true;
  } catch (err) {
    logger.error({ err, registrationId: registration.registrationId }, 'receipt mail failed');
    return false;
  }
}

// ---- the receipt and confirmation, sent once (decision 026) ----

/** A sender that claimed a receipt and vanished (a crash mid-send) is presumed gone after this. */
export const RECEIPT_CLAIM_STALE_MS = 10 * 60_000;

/** Inside the completing transaction: the receipt is to be mailed once (`sendQueuedReceipt`). */
export async function queueReceiptMail(tx: Tx, receiptId: number): Promise<void> {
  await tx.update(receipts).set({ mailState: 'queued' }).where(eq(receipts.id, receiptId));
}

/**
 * Mails a queued receipt once: claims it ('sending'), mails it, marks it 'sent'; a failed mail
 * puts it back to 'queued' for the sweep. Answers whether this call sent it (false when another
 * sender has it, it was sent, or the mail failed). Without a transaction held while mailing: the
 * embedded database has one connection, which the dev mailbox needs.
 */
export async function sendQueuedReceipt(deps: Deps, receiptId: number): Promise<boolean> {
  const db = deps.database.db;
  const now = deps.now();
  const stale = new Date(now.getTime() - RECEIPT_CLAIM_STALE_MS);
  const [row] = await db
    .update(receipts)
    .set({ mailState: 'sending', mailClaimedAt: now })
    .where(
      and(
        eq(receipts.id, receiptId),
        or(
          eq(receipts.mailState, 'queued'),
          and(eq(receipts.mailState, 'sending'), lt(receipts.mailClaimedAt, stale)),
        ),
      ),
    )
    .returning();
  if (!row) return false;
  let sent = false;
  try {
    const [registration] = await toRegistrations(
      deps,
      db,
      await db.select().from(registrations).where(eq(registrations.id, row.registrationId)),
      await tournamentsById(deps),
    );
    if (registration) sent = await mailReceipt(deps, registration, row);
  } finally {
    await db
      .update(receipts)
      .set(sent ? { mailState: 'sent', mailedAt: deps.now() } : { mailState: 'queued' })
      .where(and(eq(receipts.id, receiptId), eq(receipts.mailState, 'sending')));
  }
  return sent;
}

/** The sweep's part: every receipt still to mail (queued, or claimed by a sender that vanished). */
export async function sendPendingReceipts(deps: Deps): Promise<number> {
  const rows = await deps.database.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(inArray(receipts.mailState, ['queued', 'sending']))
    .orderBy(asc(receipts.id))
    .limit(100);
  let sent = 0;
  for (const r of rows) if (await sendQueuedReceipt(deps, r.id)) sent += 1;
  return sent;
}
