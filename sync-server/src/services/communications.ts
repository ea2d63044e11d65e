import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUDIENCE_LABELS,
  AUDIENCE_OF,
  estimatedStarts,
  firstNameOf,
  fullName,
  inAudience,
  mergeValues,
  normalizeAddress,
  renderMerge,
  toE164,
  unknownMergeFields,
  type Audience,
  type AudienceRegistration,
  type CommunicationOptions,
  type CommunicationSettings,
  type CommunicationSettingsInput,
  type Compose,
  type DevSms,
  type MergeContext,
  type MessageDetail,
  type MessageSummary,
  type Preview,
  type RecipientStatus,
  type StatusCounts,
  type Template,
  type TemplateInput,
  notFoundText,
  translatorFor,
  type Locale,
  msg,
} from '@tournament/shared';
import {
  communicationSettings,
  competitors,
  devSmsOutbox,
  divisionEntries,
  messageRecipients,
  messages,
  messageTemplates,
  registrationContacts,
  registrations,
  unsubscribes,
  users,
} from '../db/schema.ts';
import type { Db, Tx } from '../db/client.ts';
import type { Caller, Deps } from '../deps.ts';
import { DomainError, notFound } from '../lib/errors.ts';
import { assertWithinRateLimit } from '../lib/rate-limit.ts';
import { divisionRows, ringRows } from '../sync/matchday-rows.ts';
import { requireTournament, tournamentRingDay } from './matchday-public.ts';
import { enqueueMessage, type OutgoingRecipient } from './send-pipeline.ts';
import { getSiteSettings } from './site-settings.ts';

// Communications (decision 024): audiences over a tournament's registrations, merge fields, preview,
// the send (through the send pipeline), history, templates and the SMS cost settings.

/** A registration as audiences and merge fields see it. */
interface Family {
  registrationId: number;
  isCompleted: boolean;
  /** The account's language: the fixed words of its family's messages are in it. */
  language: Locale;
  /**
   * The account holder. A walk-in's is a placeholder account (`isGuest`) whose e-mail no one
   * reads: such a family is reached through the contact given at the door, never the owner.
   */
  owner: { email: string; firstName: string; name: string; isGuest: boolean };
  competitors: { name: string; checkedIn: boolean }[];
  contacts: { id: number; name: string; email: string; phone: string | null; smsAgreed: boolean | null }[];
  divisionIds: number[];
  divisions: string[];
  rings: string[];
  estimatedStart: string | null;
}

/** Every registration of a tournament with what its merge fields need. */
async function loadFamilies(deps: Deps, tournamentId: number): Promise<Family[]> {
  const tournament = await requireTournament(deps, tournamentId);
  const db = deps.database.db;
  const regs = await db
    .select({
      id: registrations.id,
      isCompleted: registrations.isCompleted,
      email: users.email,
      first: users.firstName,
      last: users.lastName,
      isGuest: users.isGuest,
      language: users.language,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerUserId))
    .where(eq(registrations.tournamentId, tournamentId))
    .orderBy(asc(registrations.id));
  if (regs.length === 0) return [];
  const ids = regs.map((r) => r.id);
  const [kids, contacts, entries, divisions, ringList] = await Promise.all([
    db
      .select({
        registrationId: competitors.registrationId,
        first: competitors.firstName,
        last: competitors.lastName,
        checkedInAt: competitors.checkedInAt,
      })
      .from(competitors)
      .where(inArray(competitors.registrationId, ids))
      .orderBy(asc(competitors.id)),
    db
      .select()
      .from(registrationContacts)
      .where(inArray(registrationContacts.registrationId, ids))
      .orderBy(asc(registrationContacts.sortOrder), asc(registrationContacts.id)),
    db
      .select({ registrationId: competitors.registrationId, divisionId: divisionEntries.divisionId })
      .from(divisionEntries)
      .innerJoin(competitors, eq(competitors.id, divisionEntries.competitorId))
      .where(eq(divisionEntries.tournamentId, tournamentId)),
    divisionRows(db, { tournament }),
    ringRows(db, { tournament }),
  ]);
  const divisionById = new Map(divisions.map((d) => [d.id, d]));
  const ringName = new Map(ringList.map((r) => [r.id, r.name]));
  // Counted as the TVs and the families' day pages count them (the schedule's start and lunch).
  const starts = estimatedStarts(divisions, deps.now(), await tournamentRingDay(deps, tournament));
  return regs.map((r) => {
    const divisionIds = [
      ...new Set(entries.filter((e) => e.registrationId === r.id).map((e) => e.divisionId)),
    ];
    const own = divisionIds.flatMap((id) => divisionById.get(id) ?? []);
    const upcoming = own.filter((d) => d.status !== 'completed' && d.ringId !== null);
    const times = upcoming.flatMap((d) => starts.get(d.id) ?? []).sort();
    return {
      registrationId: r.id,
      isCompleted: r.isCompleted,
      language: r.language,
      owner: { email: r.email, firstName: r.first, name: fullName(r.first, r.last), isGuest: r.isGuest },
      competitors: kids
        .filter((k) => k.registrationId === r.id)
        .map((k) => ({ name: fullName(k.first, k.last), checkedIn: k.checkedInAt !== null })),
      contacts: contacts
        .filter((c) => c.registrationId === r.id)
        .map((c) => ({
          id: c.id,
          name: c.name,
          email: c.email,
          phone: c.phoneNumber,
          smsAgreed: c.agreedToSmsDivisionNotifications,
        })),
      divisionIds,
      divisions: own.map((d) => d.title),
      rings: upcoming.flatMap((d) => (d.ringId === null ? [] : (ringName.get(d.ringId) ?? []))),
      estimatedStart: times[0] ?? null,
    };
  });
}

function selectFamilies(families: Family[], audience: Audience): Family[] {
  return families.filter((f) =>
    inAudience(
      {
        registrationId: f.registrationId,
        isCompleted: f.isCompleted,
        competitorCount: f.competitors.length,
        checkedInCount: f.competitors.filter((c) => c.checkedIn).length,
        divisionIds: f.divisionIds,
      },
      audience,
    ),
  );
}

interface Draft {
  address: string;
  name: string;
  registrationId: number;
  contactId: number | null;
  /** The language of the account of the first family the address was found in. */
  language: Locale;
  context: MergeContext;
}

/**
 * The recipients of an audience on a channel, one per address: e-mail goes to the account holder
 * (but a walk-in's placeholder) and each contact; SMS only to contacts with a phone number who
 * agreed to SMS notifications. An address in several registrations gets one message about all of
 * them. (`normalizeAddress` also refuses any placeholder address, whoever holds it.)
 */
function draftsFor(families: Family[], channel: 'email' | 'sms'): Draft[] {
  const byAddress = new Map<string, Draft>();
  const add = (f: Family, raw: string, name: string, firstName: string, contactId: number | null) => {
    const address = normalizeAddress(channel, raw);
    if (!address) return;
    const existing = byAddress.get(address);
    if (existing) {
      existing.context = {
        ...existing.context,
        competitors: [...existing.context.competitors, ...f.competitors.map((c) => c.name)],
        divisions: [...existing.context.divisions, ...f.divisions],
        rings: [...existing.context.rings, ...f.rings],
        estimatedStart:
          [existing.context.estimatedStart, f.estimatedStart].filter((t): t is string => !!t).sort()[0] ??
          null,
      };
      return;
    }
    byAddress.set(address, {
      address,
      name,
      registrationId: f.registrationId,
      contactId,
      language: f.language,
      context: {
        firstName,
        competitors: f.competitors.map((c) => c.name),
        divisions: f.divisions,
        rings: f.rings,
        estimatedStart: f.estimatedStart,
      },
    });
  };
  for (const f of families) {
    if (channel === 'email') {
      if (!f.owner.isGuest) add(f, f.owner.email, f.owner.name, f.owner.firstName, null);
      for (const c of f.contacts) add(f, c.email, c.name, firstNameOf(c.name), c.id);
    } else {
      for (const c of f.contacts)
        if (c.phone && c.smsAgreed === true && toE164(c.phone))
          add(f, c.phone, c.name, firstNameOf(c.name), c.id);
    }
  }
  return [...byAddress.values()];
}

function assertKnownFields(input: Compose) {
  const errors: Record<string, string> = {};
  for (const field of ['subject', 'body', 'smsBody'] as const) {
    const unknown = unknownMergeFields(input[field]);
    if (unknown.length)
      errors[field] = msg('server.unknownMergeFields', { fields: unknown.map((u) => `{{${u}}}`).join(', ') });
  }
  if (Object.keys(errors).length)
    throw new DomainError('bad_merge_field', msg('server.unknownMergeField'), 400, errors);
}

async function assertSmsAllowed(deps: Deps, input: Compose) {
  if (input.sms && !(await getSiteSettings(deps)).flags.AllowSmsNotifications) {
    throw new DomainError('sms_disabled', msg('server.smsDisabled'), 409);
  }
}

async function unsubscribedSet(deps: Deps, channel: 'email' | 'sms', addresses: string[]) {
  if (addresses.length === 0) return new Set<string>();
  const rows = await deps.database.db
    .select({ address: unsubscribes.address })
    .from(unsubscribes)
    .where(and(eq(unsubscribes.channel, channel), inArray(unsubscribes.address, addresses)));
  return new Set(rows.map((r) => r.address));
}

/** POST preview: how many each channel reaches, and the first recipient's merged message. */
export async function previewCommunication(deps: Deps, input: Compose): Promise<Preview> {
  assertKnownFields(input);
  await assertSmsAllowed(deps, input);
  const families = selectFamilies(await loadFamilies(deps, input.tournamentId), input.audience);
  const email = input.email ? draftsFor(families, 'email') : [];
  const sms = input.sms ? draftsFor(families, 'sms') : [];
  const emailOut = await unsubscribedSet(
    deps,
    'email',
    email.map((d) => d.address),
  );
  const smsOut = await unsubscribedSet(
    deps,
    'sms',
    sms.map((d) => d.address),
  );
  const first = email.find((d) => !emailOut.has(d.address)) ?? sms.find((d) => !smsOut.has(d.address));
  const values = first ? mergeValues(first.context, undefined, translatorFor(first.language)) : undefined;
  return {
    emailRecipients: email.filter((d) => !emailOut.has(d.address)).length,
    smsRecipients: sms.filter((d) => !smsOut.has(d.address)).length,
    sample:
      first && values
        ? {
            name: first.name,
            address: first.address,
            subject: renderMerge(input.subject, values),
            body: renderMerge(input.body, values),
            smsBody: renderMerge(input.smsBody, values),
          }
        : null,
  };
}

/** Tests a director may send themself in TEST_WINDOW_SECONDS. */
export const TESTS_PER_WINDOW = 10;
export const TEST_WINDOW_SECONDS = 60 * 60;

/**
 * POST test ("Send a test to me"): the composed message as its first recipient would get it
 * (the preview's sample), mailed to the signed-in director alone, the SMS text quoted in it. Not
 * a send: no history row, nobody else, and the SMS cap untouched. With nobody in the audience the
 * texts go as typed, merge fields and all.
 */
export async function sendCommunicationTest(deps: Deps, caller: Caller, input: Compose): Promise<string> {
  const preview = await previewCommunication(deps, input);
  const [me] = await deps.database.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, caller.personId));
  if (!me) throw notFound();
  await assertWithinRateLimit(
    deps.database.db,
    `communications-test:${caller.personId}`,
    TESTS_PER_WINDOW,
    TEST_WINDOW_SECONDS,
  );
  const tr = translatorFor(me.language);
  const texts = preview.sample ?? { subject: input.subject, body: input.body, smsBody: input.smsBody };
  const lines = [
    input.email ? texts.body : '',
    input.sms ? tr.t('server.communications.testSmsLine', { text: texts.smsBody }) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  await deps.mailer.send({
    to: me.email,
    subject: tr.t('server.communications.testSubject', { subject: input.email ? texts.subject : '' }).trim(),
    text: lines,
  });
  return preview.sample
    ? msg('server.communications.testSent', {
        address: me.email,
        name: preview.sample.name || preview.sample.address,
      })
    : msg('server.communications.testSentAsTyped', { address: me.email });
}

function audienceLabel(audience: Audience, divisionTitle?: string): string {
  if (audience.kind === 'division') return AUDIENCE_OF.division(divisionTitle ?? String(audience.divisionId));
  if (audience.kind === 'selected') return AUDIENCE_OF.selected(audience.registrationIds.length);
  return AUDIENCE_LABELS[audience.kind];
}

/** POST send: one message per channel, each recipient's text merged, sent in the background. */
export async function sendCommunication(deps: Deps, caller: Caller, input: Compose): Promise<number[]> {
  assertKnownFields(input);
  await assertSmsAllowed(deps, input);
  const families = selectFamilies(await loadFamilies(deps, input.tournamentId), input.audience);
  let divisionTitle: string | undefined;
  if (input.audience.kind === 'division') {
    const tournament = await requireTournament(deps, input.tournamentId);
    const id = input.audience.divisionId;
    divisionTitle = (await divisionRows(deps.database.db, { tournament, ids: [id] }))[0]?.title;
  }
  const label = audienceLabel(input.audience, divisionTitle);
  const channels = (['email', 'sms'] as const).filter((c) => input[c]);
  const ids: number[] = [];
  for (const channel of channels) {
    const drafts = draftsFor(families, channel);
    const recipients: OutgoingRecipient[] = drafts.map((d) => {
      const values = mergeValues(d.context, undefined, translatorFor(d.language));
      return {
        address: d.address,
        name: d.name,
        registrationId: d.registrationId,
        contactId: d.contactId,
        subject: channel === 'email' ? renderMerge(input.subject, values) : '',
        body: renderMerge(channel === 'email' ? input.body : input.smsBody, values),
      };
    });
    const { messageId } = await enqueueMessage(deps, {
      tournamentId: input.tournamentId,
      kind: 'communication',
      channel,
      subject: channel === 'email' ? input.subject : '',
      body: channel === 'email' ? input.body : input.smsBody,
      recipients,
      audience: { ...input.audience, label },
      createdBy: { personId: caller.personId, displayName: caller.displayName },
    });
    ids.push(messageId);
  }
  return ids;
}

async function countsOf(
  deps: Deps,
  messageIds: number[],
  db: Db | Tx = deps.database.db,
): Promise<Map<number, StatusCounts>> {
  const result = new Map<number, StatusCounts>();
  if (messageIds.length === 0) return result;
  const rows = await db
    .select({ messageId: messageRecipients.messageId, status: messageRecipients.status, n: count() })
    .from(messageRecipients)
    .where(inArray(messageRecipients.messageId, messageIds))
    .groupBy(messageRecipients.messageId, messageRecipients.status);
  for (const id of messageIds)
    result.set(id, { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, unsubscribed: 0 });
  for (const r of rows) {
    const c = result.get(r.messageId)!;
    c[r.status as RecipientStatus] += Number(r.n);
    c.total += Number(r.n);
  }
  return result;
}

function summary(m: typeof messages.$inferSelect, counts: StatusCounts): MessageSummary {
  const label = m.audience && typeof m.audience.label === 'string' ? m.audience.label : m.kind;
  return {
    id: m.id,
    kind: m.kind,
    channel: m.channel,
    subject: m.subject,
    body: m.body,
    audienceLabel: label,
    createdAt: m.createdAt.toISOString(),
    createdByName: m.createdByName,
    counts,
    capReachedAt: m.capReachedAt?.toISOString() ?? null,
  };
}

/** The run an automatic notice belongs to (services/notices.ts), or null. */
const runOf = (m: typeof messages.$inferSelect): string | null =>
  m.audience && typeof m.audience.run === 'string' ? m.audience.run : null;

/**
 * GET history: a tournament's messages (communications and notices), newest first. Automatic
 * notices are one message per family and channel; those of one run are one row, its counts
 * summed, expandable to its recipients (docs/decisions/047-family-notices.md).
 */
export async function communicationHistory(deps: Deps, tournamentId: number): Promise<MessageSummary[]> {
  await requireTournament(deps, tournamentId);
  const db = deps.database.db;
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.tournamentId, tournamentId))
    .orderBy(desc(messages.id))
    .limit(HISTORY_MESSAGES);
  const counts = await countsOf(
    deps,
    rows.map((r) => r.id),
  );
  const inRuns = rows.filter((m) => runOf(m) !== null);
  const recipients = inRuns.length
    ? await db
        .select()
        .from(messageRecipients)
        .where(
          inArray(
            messageRecipients.messageId,
            inRuns.map((m) => m.id),
          ),
        )
        .orderBy(asc(messageRecipients.id))
    : [];
  const out: MessageSummary[] = [];
  const runs = new Map<string, MessageSummary & { run: NonNullable<MessageSummary['run']> }>();
  for (const m of rows) {
    const run = runOf(m);
    const mine = counts.get(m.id)!;
    if (run === null) {
      out.push(summary(m, mine));
      continue;
    }
    let row = runs.get(run);
    if (!row) {
      row = { ...summary(m, { ...mine }), run: { channels: [], recipients: [] } };
      row.counts = { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, unsubscribed: 0 };
      runs.set(run, row);
      out.push(row);
    }
    for (const k of Object.keys(row.counts) as (keyof StatusCounts)[]) row.counts[k] += mine[k];
    if (!row.run.channels.includes(m.channel)) row.run.channels.push(m.channel);
    row.run.recipients.push(
      ...recipients
        .filter((r) => r.messageId === m.id)
        .map((r) => ({
          messageId: m.id,
          channel: m.channel,
          name: r.name,
          address: r.address,
          status: r.status,
          failureReason: r.failureReason,
        })),
    );
  }
  for (const row of runs.values()) {
    row.run.channels.sort();
    row.run.recipients.sort((a, b) => a.messageId - b.messageId);
  }
  return out;
}

/** The messages the history reads (the newest). */
const HISTORY_MESSAGES = 500;

/** GET one message and each recipient's status. */
export async function messageDetail(deps: Deps, messageId: number): Promise<MessageDetail> {
  // One moment for the message and its recipients: the send pipeline marks a recipient failed
  // at the cost cap and the message's cap in one transaction, and a reader between two separate
  // reads saw the failure without the cap.
  const { m, counts, recipients } = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [m] = await tx.select().from(messages).where(eq(messages.id, messageId));
    if (!m) throw notFound(notFoundText('message'));
    const counts = await countsOf(deps, [m.id], tx);
    const recipients = await tx
      .select()
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, m.id))
      .orderBy(asc(messageRecipients.id));
    return { m, counts, recipients };
  });
  return {
    ...summary(m, counts.get(m.id)!),
    recipients: recipients.map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address,
      status: r.status,
      failureReason: r.failureReason,
    })),
  };
}

/**
 * GET the audience picker: every registration of the tournament, each with the address it is
 * mailed at (a walk-in's: its contact's, or none; never the placeholder owner's).
 */
export async function audienceRegistrations(
  deps: Deps,
  tournamentId: number,
): Promise<AudienceRegistration[]> {
  return (await loadFamilies(deps, tournamentId)).map((f) => ({
    registrationId: f.registrationId,
    ownerName: f.owner.name,
    email: f.owner.isGuest
      ? (f.contacts.find((c) => normalizeAddress('email', c.email))?.email ?? '')
      : f.owner.email,
    isCompleted: f.isCompleted,
    competitors: f.competitors.map((c) => c.name),
    checkedIn: f.competitors.filter((c) => c.checkedIn).length,
    smsContacts: f.contacts.filter((c) => c.phone && c.smsAgreed === true).length,
  }));
}

// ---- Settings and templates ----

export async function getCommunicationSettings(
  deps: Deps,
  tournamentId: number,
): Promise<CommunicationSettings> {
  await requireTournament(deps, tournamentId);
  const [row] = await deps.database.db
    .select()
    .from(communicationSettings)
    .where(eq(communicationSettings.tournamentId, tournamentId));
  return {
    smsCostCapCents: row?.smsCostCapCents ?? null,
    smsSegmentCostCents: row?.smsSegmentCostCents ?? 1,
    smsSpentCents: row?.smsSpentCents ?? 0,
  };
}

export async function putCommunicationSettings(
  deps: Deps,
  tournamentId: number,
  input: CommunicationSettingsInput,
): Promise<CommunicationSettings> {
  await requireTournament(deps, tournamentId);
  await deps.database.db
    .insert(communicationSettings)
    .values({ tournamentId, ...input })
    .onConflictDoUpdate({
      target: communicationSettings.tournamentId,
      set: { ...input, updatedAt: sql`now()` },
    });
  return getCommunicationSettings(deps, tournamentId);
}

export async function listTemplates(deps: Deps): Promise<Template[]> {
  const rows = await deps.database.db.select().from(messageTemplates).orderBy(asc(messageTemplates.name));
  return rows.map((t) => ({ id: t.id, name: t.name, subject: t.subject, body: t.body, smsBody: t.smsBody }));
}

export async function createTemplate(deps: Deps, caller: Caller, input: TemplateInput): Promise<Template> {
  const [row] = await deps.database.db
    .insert(messageTemplates)
    .values({ ...input, name: input.name.trim(), createdBy: caller.personId })
    .returning();
  if (!row) throw new Error('createTemplate: nothing returned');
  return { id: row.id, name: row.name, subject: row.subject, body: row.body, smsBody: row.smsBody };
}

export async function updateTemplate(deps: Deps, id: number, input: TemplateInput): Promise<Template> {
  const [row] = await deps.database.db
    .update(messageTemplates)
    .set({ ...input, name: input.name.trim(), updatedAt: deps.now() })
    .where(eq(messageTemplates.id, id))
    .returning();
  if (!row) throw notFound(notFoundText('template'));
  return { id: row.id, name: row.name, subject: row.subject, body: row.body, smsBody: row.smsBody };
}

export async function deleteTemplate(deps: Deps, id: number): Promise<void> {
  const rows = await deps.database.db.delete(messageTemplates).where(eq(messageTemplates.id, id)).returning();
  if (rows.length === 0) throw notFound(notFoundText('template'));
}

/** GET options: what the compose page needs for a tournament. */
export async function communicationOptions(deps: Deps, tournamentId: number): Promise<CommunicationOptions> {
  const tournament = await requireTournament(deps, tournamentId);
  const [settings, templates, divisions, site] = await Promise.all([
    getCommunicationSettings(deps, tournamentId),
    listTemplates(deps),
    divisionRows(deps.database.db, { tournament }),
    getSiteSettings(deps),
  ]);
  return {
    smsEnabled: site.flags.AllowSmsNotifications,
    divisions: divisions.map((d) => ({ id: d.id, title: d.title })),
    settings,
    templates,
  };
}

/** GET the dev SMS outbox (SuperAdmin): the newest 100. */
export async function listDevSmsOutbox(deps: Deps): Promise<DevSms[]> {
  const rows = await deps.database.db.select().from(devSmsOutbox).orderBy(desc(devSmsOutbox.id)).limit(100);
  return rows.map((r) => ({ id: r.id, to: r.toNumber, body: r.body, createdAt: r.createdAt.toISOString() }));
}
