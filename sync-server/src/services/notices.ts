import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  divisionsUpSoon,
  FAMILY_TEXTS,
  familyEstimates,
  formatters,
  msg,
  nextResultNotice,
  planFamilyDayNotices,
  planRingNotices,
  planUpSoon,
  publicationSubject,
  ringLayout,
  ringDay,
  timeZoneOr,
  toldUpSoon,
  upSoonSubject,
  type ChildDivision,
  type DivisionOutcome,
  type FamilyTextContext,
  type NoticeDay,
  type NoticeRecipient,
  type PublicationNews,
  type SyncDivision,
  type SyncRing,
  isCloseReminderDue,
  NOTICE_TEXTS,
  noticeKey,
  subjectsByAddress,
  noticeRecipients,
  resultFingerprint,
  translateText,
  translatorFor,
  type Locale,
  type NoticeCompetitor,
  type NoticeContact,
  type NoticeText,
  type Tournament,
  type Translator,
} from '@tournament/shared';
import type { Db, Tx } from '../db/client.ts';
import {
  competitors,
  divisionChangeNotices,
  divisionEntries,
  divisionResults,
  matchmakingPublications,
  messages,
  publishedDivisionCompetitors,
  publishedDivisions,
  registrationContacts,
  registrations,
  ringDivisions,
  siteSettings,
  tournamentScheduleLines,
  tournaments,
  users,
} from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { logger } from '../lib/logger.ts';
import { divisionRows, ringRows } from '../sync/matchday-rows.ts';
import { enqueueNotices, type Notice } from './notice-queue.ts';
import { startSending } from './send-pipeline.ts';
import { sendPendingReceipts } from './receipts.ts';
import { getNextTournament, listTournaments } from './tournaments.ts';

// Automatic notices (docs/decisions/026-automatic-notices.md). The triggers read the
// rows as they stand, ask the shared rules (shared/src/domain/notices.ts) who hears what, and
// queue each message under its once-only key: evaluating the same state again (a second tap,
// the minute sweep, a restart) queues nothing new. Sending is the job queue's; a failure here
// is logged by the caller and never undoes what triggered it.

type DbLike = Db | Tx;

type Who = {
  competitors: NoticeCompetitor[];
  contacts: NoticeContact[];
  /** The language of each registration's account: its contacts read their notices in it. */
  languages: Map<number, Locale>;
};

/** These competitors (by id) and every contact of their registrations. */
async function competitorsAndContacts(db: DbLike, competitorIds: readonly number[]): Promise<Who> {
  if (competitorIds.length === 0) return { competitors: [], contacts: [], languages: new Map() };
  const kids = await db
    .select({
      competitorId: competitors.id,
      registrationId: competitors.registrationId,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
    })
    .from(competitors)
    .where(inArray(competitors.id, [...competitorIds]))
    .orderBy(asc(competitors.id));
  const registrationIds = [...new Set(kids.map((k) => k.registrationId))];
  const contacts = registrationIds.length
    ? await db
        .select()
        .from(registrationContacts)
        .where(inArray(registrationContacts.registrationId, registrationIds))
        .orderBy(asc(registrationContacts.registrationId), asc(registrationContacts.sortOrder))
    : [];
  const owners = registrationIds.length
    ? await db
        .select({ registrationId: registrations.id, language: users.language })
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.ownerUserId))
        .where(inArray(registrations.id, registrationIds))
    : [];
  return {
    languages: new Map(owners.map((o) => [o.registrationId, o.language])),
    competitors: kids.map((k) => ({
      competitorId: k.competitorId,
      registrationId: k.registrationId,
      name: `${k.firstName} ${k.lastName}`,
    })),
    contacts: contacts.map((c) => ({
      contactId: c.id,
      registrationId: c.registrationId,
      name: c.name,
      email: c.email,
      phoneNumber: c.phoneNumber,
      agreedToEmailDivisionNotifications: c.agreedToEmailDivisionNotifications,
      agreedToSmsDivisionNotifications: c.agreedToSmsDivisionNotifications,
    })),
  };
}

/** docs/product.md §6's AllowSmsNotifications, read through `db` (inside a transaction, its own). */
async function smsAllowed(db: DbLike): Promise<boolean> {
  const [row] = await db.select({ allow: siteSettings.allowSmsNotifications }).from(siteSettings).limit(1);
  return row?.allow ?? false;
}

// ---- one message per family (docs/decisions/047-family-notices.md) ----

/**
 * The tournament's day, the site's time zone and the rings' day from the tournament's schedule
 * (its start and lunch, decision 052), read through `db` (inside a transaction, its own).
 */
async function noticeDay(db: DbLike, tournamentId: number): Promise<NoticeDay | null> {
  const [t] = await db
    .select({ tournamentDate: tournaments.tournamentDate })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId));
  if (!t) return null;
  const [[site], lines] = await Promise.all([
    db.select({ timeZone: siteSettings.timeZone }).from(siteSettings).limit(1),
    db
      .select({
        order: tournamentScheduleLines.sortOrder,
        line1: tournamentScheduleLines.line1,
        line2: tournamentScheduleLines.line2,
      })
      .from(tournamentScheduleLines)
      .where(eq(tournamentScheduleLines.tournamentId, tournamentId)),
  ]);
  const timeZone = timeZoneOr(site?.timeZone);
  return { tournamentDate: t.tournamentDate, timeZone, ring: ringDay(lines, t.tournamentDate, timeZone) };
}

/**
 * The family's day page (docs/decisions/051-family-day-page.md), where every notice links: each
 * child's division, ring and live status.
 */
const dayLink = (deps: Deps) => `${deps.config.publicUrl}/customer/day`;

/** The run a message belongs to in the send history, and its label there ("Up soon, Ring 2, 3 families"). */
function runOf(id: string, label: string): Record<string, unknown> {
  return { run: id, label };
}
const familiesIn = (recipients: readonly NoticeRecipient[]) =>
  new Set(recipients.map((r) => r.registrationId)).size;

/** One notice to one recipient, in the language of the recipient's account. */
function toNotice(
  who: Who,
  tournamentId: number,
  r: NoticeRecipient,
  kind: Notice['kind'],
  subject: string | number,
  text: (tr: Translator) => NoticeText,
  audience: Record<string, unknown>,
): Notice {
  const made = text(translatorFor(who.languages.get(r.registrationId) ?? 'en'));
  return {
    key: noticeKey(kind, subject, r.channel, r.address),
    kind,
    tournamentId,
    channel: r.channel,
    to: r.address,
    name: r.name,
    contactId: r.contactId,
    registrationId: r.registrationId,
    subject: made.subject,
    text: made.text,
    audience,
  };
}

// ---- "Your division is up soon in Ring N" ----

/** Two evaluations at once (a push and the sweep) take turns: each reads what the other told. */
const UP_SOON_LOCK = 47_001;

/**
 * Queues "up soon" for the tournament: every division up soon now (shared divisionsUpSoon: the
 * division two before it started, the ring opened on the day, or about 15 minutes before its
 * estimate; the first on each ring included), one message per family and channel naming each
 * division of theirs not told before. Called after a sync push changed the rings or their
 * divisions, and by the minute sweep (estimates move with the clock). Answers how many messages
 * were new.
 */
export async function queueUpSoonNotices(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<number> {
  const created = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UP_SOON_LOCK})`);
    const filter = { tournament: tournament as Tournament };
    const [ringList, divisionList, day] = await Promise.all([
      ringRows(tx, filter),
      divisionRows(tx, filter),
      noticeDay(tx, tournament.id),
    ]);
    const now = deps.now();
    const soon = divisionsUpSoon(ringList, divisionList, now, day ?? undefined);
    if (soon.length === 0 || !day) return [];
    const entries = await tx
      .select({ divisionId: divisionEntries.divisionId, competitorId: divisionEntries.competitorId })
      .from(divisionEntries)
      .where(
        inArray(
          divisionEntries.divisionId,
          soon.map((d) => d.divisionId),
        ),
      );
    const sms = await smsAllowed(tx);
    const who = await competitorsAndContacts(tx, [...new Set(entries.map((e) => e.competitorId))]);
    const recipients = noticeRecipients(who.competitors, who.contacts, { smsAllowed: sms });
    const known = await tx
      .select({ key: messages.dedupeKey })
      .from(messages)
      .where(and(eq(messages.tournamentId, tournament.id), eq(messages.kind, 'up-soon')));
    const told = toldUpSoon(known.flatMap((k) => (k.key ? [k.key] : [])));
    const plans = planUpSoon(soon, entries, recipients, told);
    if (plans.length === 0) return [];
    const rings = [...new Set(plans.flatMap((p) => p.divisions.map((d) => d.ringName)))];
    const audience = runOf(
      // One evaluation is one run (the clock may read the same for two).
      `up-soon:${now.toISOString()}:${randomUUID()}`,
      msg('server.communications.run.upSoon', {
        rings: rings.join(', '),
        families: familiesIn(plans.map((p) => p.recipient)),
      }),
    );
    const notices = plans.map((p) =>
      toNotice(
        who,
        tournament.id,
        p.recipient,
        'up-soon',
        upSoonSubject(p.divisions.map((d) => d.divisionId)),
        (tr) => FAMILY_TEXTS.upSoon(textContext(deps, tr, day), p.divisions),
        audience,
      ),
    );
    return enqueueNotices(deps, notices, { tx });
  });
  for (const id of created) await startSending(deps, id);
  return created.length;
}

const textContext = (deps: Deps, tr: Translator, day: NoticeDay): FamilyTextContext => ({
  tr,
  timeZone: day.timeZone,
  link: dayLink(deps),
});

// ---- results ----

/**
 * Queues the results of every completed division of the tournament: each family with a child in
 * it hears, by the channels it chose, each child's placing and points per event type; once per
 * division and address. Answers how many messages were new.
 */
export async function queueResultNotices(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<number> {
  const db = deps.database.db;
  const filter = { tournament: tournament as Tournament };
  const [ringList, divisionList, day] = await Promise.all([
    ringRows(db, filter),
    divisionRows(db, filter),
    noticeDay(db, tournament.id),
  ]);
  const done = divisionList.filter((d) => d.status === 'completed');
  if (done.length === 0 || !day) return 0;
  const ids = done.map((d) => d.id);
  const [entries, results] = await Promise.all([
    db
      .select({ divisionId: divisionEntries.divisionId, competitorId: divisionEntries.competitorId })
      .from(divisionEntries)
      .where(inArray(divisionEntries.divisionId, ids)),
    db
      .select({
        divisionId: divisionResults.divisionId,
        eventTypeId: divisionResults.eventTypeId,
        placings: divisionResults.placings,
      })
      .from(divisionResults)
      .where(inArray(divisionResults.divisionId, ids)),
  ]);
  const sms = await smsAllowed(db);
  const who = await competitorsAndContacts(db, [...new Set(entries.map((e) => e.competitorId))]);
  const ringName = new Map(ringList.map((r) => [r.id, r.name]));
  const sent = await sentResultSubjects(db, tournament.id);
  const notices: Notice[] = [];
  for (const d of done) {
    const inIt = new Set(entries.filter((e) => e.divisionId === d.id).map((e) => e.competitorId));
    const recipients = noticeRecipients(
      who.competitors.filter((c) => inIt.has(c.competitorId)),
      who.contacts,
      { smsAllowed: sms },
    );
    if (recipients.length === 0) continue;
    const outcome: DivisionOutcome = {
      divisionId: d.id,
      title: d.title,
      events: d.eventTypeIds.map((eventTypeId) => ({
        eventType: d.rules.find((r) => r.eventTypeId === eventTypeId)?.title ?? '',
        placings: results.find((r) => r.divisionId === d.id && r.eventTypeId === eventTypeId)?.placings ?? [],
      })),
    };
    const next = recipients.flatMap((r) => {
      const fingerprint = resultFingerprint(outcome.events, r.competitorIds);
      const notice = nextResultNotice(d.id, fingerprint, sent.get(`${d.id}:${r.channel}:${r.address}`) ?? []);
      return notice ? [{ r, ...notice }] : [];
    });
    if (next.length === 0) continue;
    // The first results are one run; each correction's messages are another.
    const corrected = next.some((n) => n.corrected);
    const audience = runOf(
      corrected ? `result:${d.id}:${fingerprintsOf(next)}` : `result:${d.id}`,
      msg(corrected ? 'server.communications.run.resultCorrected' : 'server.communications.run.result', {
        rings: (d.ringId !== null ? ringName.get(d.ringId) : undefined) ?? '',
        families: familiesIn(next.map((n) => n.r)),
      }),
    );
    for (const { r, subject, corrected: isCorrection } of next)
      notices.push(
        toNotice(
          who,
          tournament.id,
          r,
          'result',
          subject,
          (tr) =>
            FAMILY_TEXTS.result(
              textContext(deps, tr, day),
              outcome,
              r.competitorIds.map((competitorId, i) => ({ competitorId, name: r.competitors[i] ?? '' })),
              isCorrection,
            ),
          audience,
        ),
      );
  }
  return (await enqueueNotices(deps, notices)).length;
}

/** One correction run's id part: what its messages say, in a stable order. */
const fingerprintsOf = (next: readonly { subject: string }[]) =>
  [...new Set(next.map((n) => n.subject))].sort().join(',');

/**
 * The result notices queued so far for the tournament: `<divisionId>:<channel>:<address>` to the
 * subjects of their keys, oldest first (shared nextResultNotice reads them).
 */
async function sentResultSubjects(db: Db, tournamentId: number): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ key: messages.dedupeKey })
    .from(messages)
    .where(and(eq(messages.tournamentId, tournamentId), eq(messages.kind, 'result')))
    .orderBy(asc(messages.id));
  // The subject is <divisionId> or <divisionId>#<n>#<fingerprint>: grouped by division.
  return subjectsByAddress(
    rows.map((r) => r.key),
    (subject) => subject.split('#')[0]!,
  );
}

// ---- divisions published or changed ----

const sameTitle = (a: string, b: string) =>
  a === b || translateText(translatorFor('en'), a) === translateText(translatorFor('en'), b);

/**
 * For the tournament's latest publication, in the publishing transaction `tx`
 * (services/matchmaking/ publishDraft, placeLateEntry): each family with news (a child published
 * for the first time, moved by the change list `division_change_notices` of that publication, or
 * whose division was renamed) hears once, in one message per channel, every division of its
 * children with their ring and estimated time and a link to its day. A family whose children
 * stayed where they were hears nothing. Answers the ids of the messages it made; they commit
 * with the publication, so a crash after the commit loses none (decision 026).
 */
export async function queuePublicationNotices(deps: Deps, tournamentId: number, tx: Tx): Promise<number[]> {
  const pubs = await tx
    .select({ id: matchmakingPublications.id })
    .from(matchmakingPublications)
    .where(eq(matchmakingPublications.tournamentId, tournamentId))
    .orderBy(desc(matchmakingPublications.id))
    .limit(2);
  const publicationId = pubs[0]?.id;
  if (publicationId === undefined) return [];
  const previousId = pubs[1]?.id ?? null;
  const placements = async (id: number | null) => {
    if (id === null) return new Map<number, { divisionId: number; title: string }[]>();
    const rows = await tx
      .select({
        competitorId: publishedDivisionCompetitors.competitorId,
        divisionId: publishedDivisions.divisionId,
        title: publishedDivisions.title,
      })
      .from(publishedDivisionCompetitors)
      .innerJoin(
        publishedDivisions,
        and(
          eq(publishedDivisions.publicationId, publishedDivisionCompetitors.publicationId),
          eq(publishedDivisions.divisionId, publishedDivisionCompetitors.divisionId),
        ),
      )
      .where(eq(publishedDivisionCompetitors.publicationId, id))
      .orderBy(asc(publishedDivisions.sortOrder));
    const byCompetitor = new Map<number, { divisionId: number; title: string }[]>();
    for (const r of rows) {
      const list = byCompetitor.get(r.competitorId) ?? [];
      list.push({ divisionId: r.divisionId, title: r.title });
      byCompetitor.set(r.competitorId, list);
    }
    return byCompetitor;
  };
  const [now, before, day] = await Promise.all([
    placements(publicationId),
    placements(previousId),
    noticeDay(tx, tournamentId),
  ]);
  if (!day) return [];
  const sms = await smsAllowed(tx);
  const moves = await tx
    .select()
    .from(divisionChangeNotices)
    .where(eq(divisionChangeNotices.publicationId, publicationId));

  // What changed for whom: first published (a late entry hears when first placed), moved, renamed.
  const news = new Map<number, PublicationNews[]>();
  const add = (competitorId: number, item: PublicationNews) =>
    news.set(competitorId, [...(news.get(competitorId) ?? []), item]);
  for (const competitorId of now.keys()) if (!before.has(competitorId)) add(competitorId, { kind: 'new' });
  for (const m of moves) add(m.competitorId, { kind: 'moved', from: m.fromTitle, to: m.toTitle });
  for (const [competitorId, divisions] of now) {
    const was = before.get(competitorId);
    if (!was) continue;
    for (const d of divisions) {
      const old = was.find((w) => w.divisionId === d.divisionId);
      // By the English text: the same generated title, stored as a reference now and as plain
      // English before (shared matchmaking/titles.ts), is no rename.
      if (old && !sameTitle(old.title, d.title))
        add(competitorId, { kind: 'renamed', from: old.title, to: d.title });
    }
  }
  if (news.size === 0) return [];

  // Every family with news, and all of its children (those without news too: the whole day).
  const concerned = await tx
    .select({ registrationId: competitors.registrationId })
    .from(competitors)
    .where(inArray(competitors.id, [...news.keys()]));
  const family = await tx
    .select({ id: competitors.id })
    .from(competitors)
    .where(
      inArray(
        competitors.registrationId,
        concerned.map((c) => c.registrationId),
      ),
    );
  const who = await competitorsAndContacts(
    tx,
    family.map((c) => c.id).filter((id) => now.has(id) || news.has(id)),
  );
  const recipients = noticeRecipients(who.competitors, who.contacts, { smsAllowed: sms });

  // Where each child competes: the ring and the estimate as the rings stand (the publishing
  // transaction brought them up to date).
  const filter = { tournament: { id: tournamentId } as Tournament };
  const [ringList, divisionList] = await Promise.all([ringRows(tx, filter), divisionRows(tx, filter)]);
  const days = childDivisions(now, who, ringList, divisionList, deps.now(), day);
  const ringOf = new Map(divisionList.map((d) => [d.id, d.ringId]));

  const plans = planFamilyDayNotices(recipients, news, days);
  const audience = runOf(
    `publication:${publicationId}`,
    msg(
      plans.every((p) => p.kind === 'published')
        ? 'server.communications.run.published'
        : 'server.communications.run.changed',
      { families: familiesIn(plans.map((p) => p.recipient)) },
    ),
  );
  const notices = plans.map((p) =>
    toNotice(
      who,
      tournamentId,
      p.recipient,
      p.kind,
      // What it told of the rings: the rings notice tells only what changed after it.
      publicationSubject(
        publicationId,
        ringLayout(
          p.day.map((d) => ({ divisionId: d.divisionId, ringId: ringOf.get(d.divisionId) ?? null })),
        ),
      ),
      (tr) => FAMILY_TEXTS.day(textContext(deps, tr, day), p),
      audience,
    ),
  );
  // `sent_at` marks the moves someone was told of.
  const toldOf = new Set(plans.flatMap((p) => p.news.map((n) => n.competitorId)));
  const told = moves.filter((m) => m.sentAt === null && toldOf.has(m.competitorId)).map((m) => m.id);
  const queued = await enqueueNotices(deps, notices, { tx });
  if (told.length)
    await tx
      .update(divisionChangeNotices)
      .set({ sentAt: deps.now() })
      .where(inArray(divisionChangeNotices.id, told));
  return queued;
}

/**
 * Each child's divisions (`placements`, by competitor) as the rings stand: the ring and the
 * estimated start a family is told (none before the division has a ring). Competitors not in
 * `who` are left out.
 */
function childDivisions(
  placements: ReadonlyMap<number, readonly { divisionId: number; title: string }[]>,
  who: Who,
  ringList: readonly SyncRing[],
  divisionList: readonly SyncDivision[],
  now: Date,
  day: NoticeDay,
): Map<number, ChildDivision[]> {
  const starts = familyEstimates(divisionList, now, day);
  const ringOf = new Map(divisionList.map((d) => [d.id, d.ringId]));
  const ringName = new Map(ringList.map((r) => [r.id, r.name]));
  const names = new Map(who.competitors.map((c) => [c.competitorId, c.name]));
  const days = new Map<number, ChildDivision[]>();
  for (const [competitorId, divisions] of placements) {
    const name = names.get(competitorId);
    if (name === undefined) continue;
    days.set(
      competitorId,
      divisions.map((d) => {
        const ringId = ringOf.get(d.divisionId) ?? null;
        return {
          competitorId,
          name,
          divisionId: d.divisionId,
          title: d.title,
          ringName: ringId === null ? null : (ringName.get(ringId) ?? null),
          estimatedStart: ringId === null ? null : (starts.get(d.divisionId) ?? null),
        };
      }),
    );
  }
  return days;
}

/**
 * Inside the publishing transaction: its notices, in a savepoint so that a failure here is logged
 * and never fails the publication (decision 026). Answers the messages to start after the commit.
 */
export async function publicationNotices(deps: Deps, tx: Tx, tournamentId: number): Promise<number[]> {
  try {
    return await tx.transaction((savepoint) => queuePublicationNotices(deps, tournamentId, savepoint));
  } catch (err) {
    logger.error({ err, tournamentId }, 'publication notices failed; the publication stands');
    return [];
  }
}

/**
 * After the publication commits: asks a worker to send its notices now. Should this process die
 * first, the notices are queued rows all the same, and the send pipeline's sweep starts them.
 */
export async function afterPublication(deps: Deps, messageIds: readonly number[]): Promise<void> {
  try {
    for (const id of messageIds) await startSending(deps, id);
  } catch (err) {
    logger.error({ err }, 'publication notices: starting the send failed (the sweep starts it)');
  }
}

// ---- rings and times ----

/** Two evaluations at once (a push and the sweep) take turns: each reads what the other told. */
const RINGS_LOCK = 47_002;

/**
 * Queues "rings and times" for the tournament (shared ring-notices.ts): each family whose
 * children's divisions got a ring, moved to another or lost theirs, once none of its upcoming
 * divisions changed for RING_NOTICE_SETTLE_MINUTES, hears once per channel where and about when
 * each child competes. Called by the minute sweep only (a push unsettles the layout it moves).
 * Answers how many messages were new.
 */
export async function queueRingNotices(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<number> {
  const created = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RINGS_LOCK})`);
    const filter = { tournament: tournament as Tournament };
    const [ringList, divisionList, changed, entries, day] = await Promise.all([
      ringRows(tx, filter),
      divisionRows(tx, filter),
      tx
        .select({ id: ringDivisions.id, at: ringDivisions.updatedAt })
        .from(ringDivisions)
        .where(eq(ringDivisions.tournamentId, tournament.id)),
      tx
        .select({ divisionId: divisionEntries.divisionId, competitorId: divisionEntries.competitorId })
        .from(divisionEntries)
        .where(eq(divisionEntries.tournamentId, tournament.id)),
      noticeDay(tx, tournament.id),
    ]);
    if (!day || entries.length === 0) return [];
    const now = deps.now();
    const changedAt = new Map(changed.map((c) => [c.id, c.at.toISOString()]));
    const divisions = divisionList.map((d) => ({
      divisionId: d.id,
      ringId: d.ringId,
      status: d.status,
      changedAt: changedAt.get(d.id) ?? now.toISOString(),
    }));
    const upSoon = new Set(divisionsUpSoon(ringList, divisionList, now, day).map((d) => d.divisionId));
    const sms = await smsAllowed(tx);
    const who = await competitorsAndContacts(tx, [...new Set(entries.map((e) => e.competitorId))]);
    const recipients = noticeRecipients(who.competitors, who.contacts, { smsAllowed: sms });
    const plans = planRingNotices(
      recipients,
      entries,
      divisions,
      await sentLayouts(tx, tournament.id),
      upSoon,
      now,
    );
    if (plans.length === 0) return [];

    const title = new Map(divisionList.map((d) => [d.id, d.title]));
    const placements = new Map<number, { divisionId: number; title: string }[]>();
    for (const e of [...entries].sort((a, b) => a.divisionId - b.divisionId))
      placements.set(e.competitorId, [
        ...(placements.get(e.competitorId) ?? []),
        { divisionId: e.divisionId, title: title.get(e.divisionId) ?? '' },
      ]);
    const days = childDivisions(placements, who, ringList, divisionList, now, day);
    const audience = runOf(
      // One evaluation is one run (the clock may read the same for two).
      `rings:${now.toISOString()}:${randomUUID()}`,
      msg('server.communications.run.rings', { families: familiesIn(plans.map((p) => p.recipient)) }),
    );
    const notices = plans.map((p) =>
      toNotice(
        who,
        tournament.id,
        p.recipient,
        'rings',
        p.subject,
        (tr) =>
          FAMILY_TEXTS.rings(
            textContext(deps, tr, day),
            p.recipient.competitorIds.flatMap((id) => days.get(id) ?? []),
          ),
        audience,
      ),
    );
    return enqueueNotices(deps, notices, { tx });
  });
  for (const id of created) await startSending(deps, id);
  return created.length;
}

/**
 * What each address was told of the rings so far: `<channel>:<address>` to the subjects of its
 * publication and rings notices' keys, oldest first (shared nextRingNotice reads them).
 */
async function sentLayouts(db: DbLike, tournamentId: number): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ key: messages.dedupeKey })
    .from(messages)
    .where(
      and(
        eq(messages.tournamentId, tournamentId),
        inArray(messages.kind, ['published', 'division-changed', 'rings']),
      ),
    )
    .orderBy(asc(messages.id));
  return subjectsByAddress(rows.map((r) => r.key));
}

// ---- the reminder before registration closes ----

/**
 * For each tournament whose registration closes within CLOSE_REMINDER_HOURS: the owner of each
 * incomplete registration with at least one competitor is reminded by e-mail, once per
 * registration. (The account's own e-mail: an incomplete registration often has no contacts
 * yet, and the owner is who must finish it.)
 */
export async function queueCloseReminders(deps: Deps): Promise<number> {
  const now = deps.now();
  const due = (await listTournaments(deps)).filter((t) => isCloseReminderDue(t.registrationClosesAfter, now));
  let queued = 0;
  for (const t of due) {
    const rows = await deps.database.db
      .selectDistinct({
        registrationId: registrations.id,
        email: users.email,
        isGuest: users.isGuest,
        language: users.language,
      })
      .from(registrations)
      .innerJoin(users, eq(users.id, registrations.ownerUserId))
      .innerJoin(competitors, eq(competitors.registrationId, registrations.id))
      .where(and(eq(registrations.tournamentId, t.id), eq(registrations.isCompleted, false)));
    const notices: Notice[] = rows
      .filter((r) => !r.isGuest && r.email)
      .map((r) => {
        const tr = translatorFor(r.language);
        // Calendar days: written as they are, whatever the zone.
        const day = formatters(tr).date;
        const text = NOTICE_TEXTS.closeReminder(
          tr,
          day(t.tournamentDate),
          day(t.registrationClosesAfter),
          `${deps.config.publicUrl}/customer/registration/${r.registrationId}`,
        );
        const to = r.email.trim().toLowerCase();
        return {
          key: noticeKey('close-reminder', r.registrationId, 'email', to),
          kind: 'close-reminder' as const,
          tournamentId: t.id,
          channel: 'email' as const,
          to,
          name: '',
          contactId: null,
          registrationId: r.registrationId,
          subject: text.subject,
          text: text.text,
        };
      });
    queued += (await enqueueNotices(deps, notices)).length;
  }
  return queued;
}

// ---- the sweep ----

/**
 * Every minute (a scheduled job): "up soon" for the next tournament (estimates move with the
 * clock, with no tap to trigger them; and a trigger lost to a crash after its commit is caught
 * here), rings and times once a family's layout has settled, results, and the reminders before
 * registration closes.
 */
export async function runNoticeSweep(deps: Deps): Promise<number> {
  let queued = 0;
  const tournament = await getNextTournament(deps);
  if (tournament) {
    queued += await queueUpSoonNotices(deps, tournament);
    queued += await queueRingNotices(deps, tournament);
    queued += await queueResultNotices(deps, tournament);
  }
  queued += await queueCloseReminders(deps);
  await sendPendingReceipts(deps);
  return queued;
}

/** How often the sweep runs. */
export const NOTICE_SWEEP_MS = 60_000;

/** Registers the minute sweep on the job queue (before it starts; bootstrap does). */
export function registerNotices(deps: Deps): void {
  deps.jobs.every(NOTICE_SWEEP_MS, async () => {
    await runNoticeSweep(deps);
  });
}

/** Per process and tournament: the evaluation after pushes now running, and whether one more was asked for. */
const afterPushes = new WeakMap<Deps, Map<number, { again: boolean; done: Promise<void> }>>();

/**
 * After a sync push changed rings or divisions: "up soon" and results now, never failing the
 * push, and never holding its answer: the tablet is answered first. Pushes arriving while an
 * evaluation runs ask for one more, not one each: at the opening bell twelve rings start at
 * once, and twelve evaluations in a row behind the up-soon lock held the last Start's answer
 * for a second. Resolves once an evaluation that began after this call is done.
 * Rings and times are left to the minute sweep: a push that moves a division unsettles its
 * layout, so nothing it causes could be sent before the settle anyway.
 */
export function afterMatchdayPush(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<void> {
  let byTournament = afterPushes.get(deps);
  if (!byTournament) {
    byTournament = new Map();
    afterPushes.set(deps, byTournament);
  }
  const running = byTournament.get(tournament.id);
  if (running) {
    running.again = true;
    return running.done;
  }
  const state = { again: true, done: Promise.resolve() };
  const tournaments = byTournament;
  state.done = (async () => {
    while (state.again) {
      state.again = false;
      await evaluateAfterPush(deps, tournament);
    }
    tournaments.delete(tournament.id);
  })();
  tournaments.set(tournament.id, state);
  return state.done;
}

async function evaluateAfterPush(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<void> {
  try {
    await queueUpSoonNotices(deps, tournament);
  } catch (err) {
    logger.error({ err, tournamentId: tournament.id }, 'up-soon notices failed (the sweep tries again)');
  }
  try {
    await queueResultNotices(deps, tournament);
  } catch (err) {
    logger.error({ err, tournamentId: tournament.id }, 'result notices failed (the sweep tries again)');
  }
}
