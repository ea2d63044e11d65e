import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  divisionsUpSoon,
  formatters,
  isCloseReminderDue,
  NOTICE_TEXTS,
  noticeKey,
  noticeRecipients,
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
  matchmakingPublications,
  publishedDivisionCompetitors,
  publishedDivisions,
  registrationContacts,
  registrations,
  siteSettings,
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

/**
 * Everyone in `who` who hears about these competitors, by e-mail and SMS, each with the
 * notice's text (`make` gets the names of the recipient's own competitors among them).
 */
function noticesAbout(
  who: Who,
  tournamentId: number,
  competitorIds: readonly number[],
  make: (
    recipientCompetitors: string[],
    tr: Translator,
  ) => {
    kind: Notice['kind'];
    subject: string | number;
    text: NoticeText;
  },
  smsAllowed: boolean,
): Notice[] {
  const ids = new Set(competitorIds);
  const mine = who.competitors.filter((c) => ids.has(c.competitorId));
  return noticeRecipients(mine, who.contacts, { smsAllowed }).map((r) => {
    const { kind, subject, text } = make(
      r.competitors,
      translatorFor(who.languages.get(r.registrationId) ?? 'en'),
    );
    return {
      key: noticeKey(kind, subject, r.channel, r.address),
      kind,
      tournamentId,
      channel: r.channel,
      to: r.address,
      name: r.name,
      contactId: r.contactId,
      registrationId: r.registrationId,
      subject: text.subject,
      text: text.text,
    };
  });
}

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

// ---- "Your division is up soon in Ring N" ----

/**
 * Queues "up soon" for every division of the tournament that is up soon now (two away in its
 * ring's queue, or about 15 minutes out). Called after a sync push changed the rings or their
 * divisions, and by the minute sweep (estimates move with the clock). Answers how many
 * messages were new.
 */
export async function queueUpSoonNotices(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<number> {
  const db = deps.database.db;
  const filter = { tournament: tournament as Tournament };
  const [ringList, divisionList] = await Promise.all([ringRows(db, filter), divisionRows(db, filter)]);
  const soon = divisionsUpSoon(ringList, divisionList, deps.now());
  if (soon.length === 0) return 0;
  const entries = await db
    .select({ divisionId: divisionEntries.divisionId, competitorId: divisionEntries.competitorId })
    .from(divisionEntries)
    .where(
      inArray(
        divisionEntries.divisionId,
        soon.map((d) => d.divisionId),
      ),
    );
  const sms = await smsAllowed(db);
  const who = await competitorsAndContacts(db, [...new Set(entries.map((e) => e.competitorId))]);
  const notices = soon.flatMap((d) =>
    noticesAbout(
      who,
      tournament.id,
      entries.filter((e) => e.divisionId === d.divisionId).map((e) => e.competitorId),
      (names, tr) => ({
        kind: 'up-soon',
        subject: d.divisionId,
        text: NOTICE_TEXTS.upSoon(tr, d.ringName, d.title, names),
      }),
      sms,
    ),
  );
  return (await enqueueNotices(deps, notices)).length;
}

// ---- divisions published or changed ----

const sameTitle = (a: string, b: string) =>
  a === b || translateText(translatorFor('en'), a) === translateText(translatorFor('en'), b);

/**
 * For the tournament's latest publication, in the publishing transaction `tx`
 * (services/matchmaking/ publishDraft, placeLateEntry): each competitor published for the
 * first time hears which divisions they are in (once per competitor); each move on the change
 * list (`division_change_notices` of that publication) and each renamed division of a competitor
 * already told is a change notice (once per change). Answers the ids of the messages it made;
 * they commit with the publication, so a crash after the commit loses none (decision 026).
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
  const [now, before] = await Promise.all([placements(publicationId), placements(previousId)]);
  const sms = await smsAllowed(tx);
  const moves = await tx
    .select()
    .from(divisionChangeNotices)
    .where(eq(divisionChangeNotices.publicationId, publicationId));
  const who = await competitorsAndContacts(tx, [
    ...new Set([...now.keys(), ...moves.map((m) => m.competitorId)]),
  ]);
  const notices: Notice[] = [];

  // First published: one notice per competitor (a late entry hears when they are first placed).
  for (const [competitorId, divisions] of now) {
    if (before.has(competitorId)) continue;
    notices.push(
      ...noticesAbout(
        who,
        tournamentId,
        [competitorId],
        ([name], tr) => ({
          kind: 'published',
          subject: competitorId,
          text: NOTICE_TEXTS.published(
            tr,
            name ?? '',
            divisions.map((d) => d.title),
          ),
        }),
        sms,
      ),
    );
  }

  // Moves: the change list's rows of this publication. `sent_at` marks those someone was told of.
  const told: number[] = [];
  for (const m of moves) {
    const about = noticesAbout(
      who,
      tournamentId,
      [m.competitorId],
      ([name], tr) => ({
        kind: 'division-changed',
        subject: `move-${m.id}`,
        text: NOTICE_TEXTS.moved(tr, name ?? '', m.fromTitle, m.toTitle),
      }),
      sms,
    );
    if (about.length && m.sentAt === null) told.push(m.id);
    notices.push(...about);
  }

  // Renames: a competitor who stays in a division whose title changed.
  for (const [competitorId, divisions] of now) {
    const was = before.get(competitorId);
    if (!was) continue;
    for (const d of divisions) {
      const old = was.find((w) => w.divisionId === d.divisionId);
      // By the English text: the same generated title, stored as a reference now and as plain
      // English before (shared matchmaking/titles.ts), is no rename.
      if (!old || sameTitle(old.title, d.title)) continue;
      notices.push(
        ...noticesAbout(
          who,
          tournamentId,
          [competitorId],
          ([name], tr) => ({
            kind: 'division-changed',
            subject: `rename-${publicationId}-${d.divisionId}-${competitorId}`,
            text: NOTICE_TEXTS.renamed(tr, name ?? '', old.title, d.title),
          }),
          sms,
        ),
      );
    }
  }
  const queued = await enqueueNotices(deps, notices, { tx });
  if (told.length)
    await tx
      .update(divisionChangeNotices)
      .set({ sentAt: deps.now() })
      .where(inArray(divisionChangeNotices.id, told));
  return queued;
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
 * here) and the reminders before registration closes.
 */
export async function runNoticeSweep(deps: Deps): Promise<number> {
  let queued = 0;
  const tournament = await getNextTournament(deps);
  if (tournament) queued += await queueUpSoonNotices(deps, tournament);
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

/** After a sync push changed rings or divisions: "up soon" now, never failing the push. */
export async function afterMatchdayPush(
  deps: Deps,
  tournament: Pick<Tournament, 'id' | 'tournamentDate'>,
): Promise<void> {
  try {
    await queueUpSoonNotices(deps, tournament);
  } catch (err) {
    logger.error({ err, tournamentId: tournament.id }, 'up-soon notices failed (the sweep tries again)');
  }
}
