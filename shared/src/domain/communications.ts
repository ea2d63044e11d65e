// Rules of communications (issue 16): addresses, SMS length and cost, merge fields, audiences.
// Pure functions: the compose page previews with them and the server sends with them.

export type Channel = 'email' | 'sms';

/** An e-mail address as recipients and unsubscribes keep it: trimmed, lower case. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * A phone number in E.164, as the SMS provider and its STOP webhook write it: a Canadian
 * 10-digit number (SPEC.md section 5) gets +1; an 11-digit one starting with 1 gets +; a number
 * already in E.164 stays. Undefined when it is none of these.
 */
export function toE164(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{7,14}$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}

/** The address of a recipient on a channel, or undefined when it is not one. */
export function normalizeAddress(channel: Channel, address: string): string | undefined {
  if (channel === 'sms') return toE164(address);
  const email = normalizeEmail(address);
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}

// The GSM 03.38 basic set (and its extension table, two septets each): text made only of these
// goes 160 characters to a segment, 153 when split; anything else is UCS-2, 70 and 67.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS segments a text takes (what the provider bills). */
export function smsSegments(text: string): number {
  if (text.length === 0) return 1;
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return septets <= 160 ? 1 : Math.ceil(septets / 153);
  const units = [...text].reduce((n, ch) => n + (ch.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return units <= 70 ? 1 : Math.ceil(units / 67);
}

/** What an SMS costs in cents at a price per segment. */
export function smsCostCents(text: string, segmentCostCents: number): number {
  return smsSegments(text) * segmentCostCents;
}

/**
 * Whether one more SMS costing `costCents` fits under the cap (null: no cap) with `spentCents`
 * already spent. Sending stops at the cap: the SMS that would pass it is not sent.
 */
export function fitsUnderCap(capCents: number | null, spentCents: number, costCents: number): boolean {
  return capCents === null || spentCents + costCents <= capCents;
}

/** "$12.50" from cents. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What every SMS ends with, so families know how to stop them (honoured by the STOP webhook). */
export const SMS_STOP_LINE = 'Reply STOP to stop these messages.';

/** The SMS as sent: the merged text and the STOP line. */
export function smsText(body: string): string {
  return `${body.trim()}\n${SMS_STOP_LINE}`;
}
