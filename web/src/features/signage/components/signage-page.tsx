import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { RingAssignment } from '@shared/contract/matchday.ts';
import type { Tournament } from '@shared/contract/public.ts';
import {
  nextScheduleLine,
  parseRingIds,
  signageBoard,
  signageColumns,
  SIGNAGE_STALE_AFTER_MS,
  SIGNAGE_TEXTS,
  type SignageCard,
} from '@shared/domain/signage.ts';
import { dayInZone, minutesInZone } from '@shared/domain/time.ts';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { cn } from '@web/lib/utils.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { LANG_PARAM, type Locale } from '@shared/i18n/locale.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { useNow } from '@web/lib/use-now.ts';
import {
  nextOf,
  useApiSignage,
  useDeviceSignage,
  useSignageMode,
  useSignageTournaments,
  type SignageSource,
} from '../api/signage.ts';
import { signageLocales, useSignageLocale } from '../model/signage-language.ts';

// /signage/ring-assignments (docs/product.md §2 "Signage screen"; decision 022): a TV by a ring,
// read from five metres. Light text on a dark ground whatever the device's scheme, sizes in
// viewport units so a 4K screen shows what a 1080p one does, the whole screen and nothing to
// scroll, no cursor. Options: `?rings=1,2` (ring ids), `?tournamentId=` and `?lang=fr` or
// `?lang=en,fr` (both languages in turn, every 11 seconds: ../model/signage-language.ts).
// As many columns as rings (four at most); one ring fills the screen, now beside next, for a
// TV read from ten metres. A clock on every TV; a ring closed mid-division stays, "Paused".
// With nothing running or ahead on its rings, the tournament and what comes next instead.

function EventTypes({ types }: { types: readonly string[] }) {
  if (types.length === 0) return null;
  // docs/product.md §2: event types in a two-column list.
  return (
    <ul
      className="grid grid-cols-2 gap-x-[1em] text-[0.85em] text-neutral-200"
      aria-label={t('signage.eventTypes')}
    >
      {types.map((type) => (
        <li key={type} className="truncate">
          {type}
        </li>
      ))}
    </ul>
  );
}

function Upcoming({
  list,
  estimates,
  dense,
}: {
  list: readonly RingAssignment[];
  estimates: ReadonlyMap<number, string>;
  /** Two rows of rings on one screen: the second and third division take one line each. */
  dense: boolean;
}) {
  const format = useFormat();
  if (list.length === 0)
    return <p className="text-[0.85em] text-neutral-300">{tm(SIGNAGE_TEXTS.noUpcoming)}</p>;
  return (
    <ol className="grid min-w-0 grid-cols-1 gap-[0.45em]">
      {list.map((a, i) => {
        const at = estimates.get(a.ringAssignmentId);
        const time = at && (
          <p className="shrink-0 text-[0.85em] font-medium text-sky-200">{format.about(at)}</p>
        );
        if (dense && i > 0)
          return (
            <li
              key={a.ringAssignmentId}
              className="flex min-w-0 items-baseline justify-between gap-[0.5em]"
              data-testid="signage-upcoming"
            >
              <p className="min-w-0 truncate text-[1.05em] font-semibold leading-tight text-white">
                {tm(a.title)}
              </p>
              {time}
            </li>
          );
        return (
          <li
            key={a.ringAssignmentId}
            className="grid min-w-0 grid-cols-1 gap-[0.15em]"
            data-testid="signage-upcoming"
          >
            <p className="line-clamp-2 text-[1.05em] font-semibold leading-tight text-white">{tm(a.title)}</p>
            {/* docs/product.md §2: only the first upcoming division lists its event types. */}
            {i === 0 && <EventTypes types={a.eventTypes} />}
            {time}
          </li>
        );
      })}
    </ol>
  );
}

function RingCard({
  card,
  estimates,
  dense,
  alone,
}: {
  card: SignageCard;
  estimates: ReadonlyMap<number, string>;
  dense: boolean;
  /** The TV's only ring: now and next side by side, filling the screen. */
  alone: boolean;
}) {
  return (
    <section
      aria-labelledby={`ring-${card.ringId}`}
      data-testid="signage-ring"
      className={cn(
        'grid min-h-0 gap-[0.6em] overflow-hidden rounded-[0.5em] border-[0.1em] border-neutral-700 bg-neutral-900 p-[0.7em]',
        alone ? 'grid-cols-2 grid-rows-[auto_minmax(0,1fr)]' : 'grid-cols-1 content-start',
      )}
    >
      <div className={cn('flex min-w-0 shrink-0 items-center gap-[0.5em]', alone && 'col-span-2')}>
        <h2
          id={`ring-${card.ringId}`}
          className="min-w-0 truncate text-[1.6em] font-bold leading-tight text-white"
        >
          {card.name}
        </h2>
        {card.paused && (
          <span
            data-testid="signage-paused"
            className="shrink-0 rounded-[0.3em] border-[0.1em] border-amber-300 px-[0.4em] text-[0.9em] font-bold uppercase tracking-wider text-amber-200"
          >
            {t('signage.paused')}
          </span>
        )}
      </div>
      <div
        className={cn(
          'grid shrink-0 grid-cols-1 content-start gap-[0.25em] self-start rounded-[0.3em] p-[0.5em]',
          card.current
            ? 'bg-amber-300 text-neutral-950'
            : 'border-[0.1em] border-neutral-600 text-neutral-100',
        )}
        data-testid="signage-current"
      >
        <h3 className="text-[0.75em] font-bold uppercase tracking-wider">{t('signage.now')}</h3>
        {card.current ? (
          <>
            <p className="line-clamp-2 text-[1.15em] font-bold leading-tight">{tm(card.current.title)}</p>
            <ul
              className="grid grid-cols-2 gap-x-[1em] text-[0.85em] font-medium"
              aria-label={t('signage.eventTypes')}
            >
              {card.current.eventTypes.map((type) => (
                <li key={type} className="truncate">
                  {type}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-[0.9em] font-semibold">{t('signage.nothingNow')}</p>
        )}
      </div>
      <div className="grid min-h-0 min-w-0 grid-cols-1 content-start gap-[0.35em]">
        <h3 className="text-[0.75em] font-bold uppercase tracking-wider text-sky-200">
          {t('signage.upcoming')}
        </h3>
        <Upcoming list={card.upcoming} estimates={estimates} dense={dense} />
      </div>
    </section>
  );
}

/**
 * Nothing running or ahead on the TV's rings (before the day, between sessions, after the last
 * division): the tournament, its date, what comes next; once every division is done and nothing
 * is left on the schedule, that the day is over and where its results are.
 */
function Between({
  tournament,
  now,
  dayOver,
}: {
  tournament: Tournament | null;
  now: Date;
  dayOver: boolean;
}) {
  const format = useFormat();
  const settings = useSiteSettings();
  const siteName = settings?.siteName;
  const next = tournament
    ? nextScheduleLine(
        tournament.schedule,
        tournament.tournamentDate,
        dayInZone(now, format.timeZone),
        minutesInZone(now, format.timeZone),
      )
    : null;
  return (
    <div className="grid h-full place-content-center gap-[0.6em] text-center" data-testid="signage-between">
      {siteName && <p className="text-[2.6em] font-bold leading-tight text-white">{siteName}</p>}
      {tournament && (
        <p className="text-[1.6em] text-neutral-200">{format.date(tournament.tournamentDate)}</p>
      )}
      {next ? (
        <p className="text-[1.6em] font-semibold text-sky-200">
          {t('signage.next', { what: next.line1, time: next.line2 })}
        </p>
      ) : (
        dayOver && (
          <>
            <p className="text-[1.6em] font-semibold text-sky-200">{t('signage.dayOver')}</p>
            {settings?.siteUrl && (
              // No one taps a TV: the address is written out to be typed on a phone.
              <p className="text-[1.3em] text-neutral-200">
                {t('signage.resultsAt', {
                  address: `${settings.siteUrl.replace(/\/+$/, '')}${href('results')}`,
                })}
              </p>
            )}
          </>
        )
      )}
    </div>
  );
}

function Board({
  source,
  ringIds,
  now,
  tournament,
}: {
  source: SignageSource;
  ringIds: number[] | null;
  now: Date;
  tournament: Tournament | null;
}) {
  const format = useFormat();
  if (source.state === 'loading')
    return (
      <div className="grid h-full place-items-center text-[2em]">
        <Spinner className="[&>span:first-child]:size-[2em]" />
      </div>
    );
  if (source.state === 'error')
    // docs/product.md §8: the error's message as an error notice; loading stops (retrying goes on).
    return (
      <div className="grid h-full place-items-center">
        <p
          role="alert"
          className="max-w-[40em] rounded-[0.4em] border-[0.1em] border-red-400 bg-red-950 p-[1em] text-center text-[1.2em] text-red-100"
        >
          {tm(source.message)}
        </p>
      </div>
    );
  const board = signageBoard(source.rings, ringIds);
  const cards = board.kind === 'rings' ? board.cards : [];
  const stale =
    source.updatedAt !== null &&
    now.getTime() - new Date(source.updatedAt).getTime() > SIGNAGE_STALE_AFTER_MS;
  const columns = signageColumns(cards.length);
  const rows = Math.max(1, Math.ceil(cards.length / columns));
  // One type scale for the whole board: as large as the columns allow; a second row of rings
  // shares the height (5 m readability is for one row: `?rings=` splits rings across TVs). One
  // ring alone, now beside next, is set for ten metres.
  const fontSize =
    cards.length === 1
      ? 'min(3.4vw, 7vh)'
      : `min(${(7.2 / columns).toFixed(2)}vw, ${(4.1 / rows).toFixed(2)}vh)`;
  return (
    <>
      {board.kind === 'noRings' ? (
        // docs/product.md §2: loaded, and no ring exists at all.
        <div className="grid h-full place-items-center">
          <p className="text-[2.4vw] text-neutral-200">{tm(SIGNAGE_TEXTS.noRings)}</p>
        </div>
      ) : board.kind === 'idle' ? (
        <Between tournament={tournament} now={now} dayOver={board.dayOver} />
      ) : (
        <div
          style={
            {
              fontSize,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
            } as CSSProperties
          }
          className="grid h-full gap-[0.6em]"
          data-testid="signage-grid"
        >
          {cards.map((c) => (
            <RingCard
              key={c.ringId}
              card={c}
              estimates={source.estimates}
              dense={rows > 1}
              alone={cards.length === 1}
            />
          ))}
        </div>
      )}
      {stale && source.updatedAt && (
        // Offline or the server away: the last known state, said calmly (not a danger alert).
        <p
          role="status"
          data-testid="signage-stale"
          className="fixed bottom-[0.8vh] right-[0.8vw] rounded-[0.3em] bg-neutral-800 px-[0.6em] py-[0.2em] text-[1.1vw] font-medium text-amber-200"
        >
          {t('signage.lastUpdated', { time: format.timeOrDateTime(source.updatedAt, now) })}
        </p>
      )}
    </>
  );
}

// The board is keyed by the language: a bilingual TV's turn renders it afresh in the other
// language, while the source above it (its store, its polling) stays as it is.
/** The venue's time over the board, on every TV. */
function WithClock({ now, children }: { now: Date; children: ReactNode }) {
  const format = useFormat();
  return (
    <div className="flex h-full flex-col gap-[0.3vw]">
      <p
        data-testid="signage-clock"
        className="shrink-0 text-right text-[1.3vw] font-semibold leading-none tabular-nums text-neutral-100"
      >
        {format.clock(now)}
      </p>
      <div className="min-h-0 flex-1">{children}</div>
    </div>
  );
}

interface BoardProps {
  ringIds: number[] | null;
  locale: Locale;
  tournament: Tournament | null;
}

function DeviceBoard({ ringIds, locale, tournament }: BoardProps) {
  const now = useNow(1000);
  return (
    <WithClock now={now}>
      <Board
        key={locale}
        source={useDeviceSignage(now, tournament)}
        ringIds={ringIds}
        now={now}
        tournament={tournament}
      />
    </WithClock>
  );
}

function ApiBoard({ tournamentId, ringIds, locale, tournament }: BoardProps & { tournamentId: number }) {
  const now = useNow(1000);
  return (
    <WithClock now={now}>
      <Board
        key={locale}
        source={useApiSignage(tournamentId)}
        ringIds={ringIds}
        now={now}
        tournament={tournament}
      />
    </WithClock>
  );
}

/** `/signage/ring-assignments`: public, no login. */
export function SignagePage() {
  const [params] = useSearchParams();
  const locale = useSignageLocale(signageLocales(params.get(LANG_PARAM)));
  usePageMeta(PAGES.signage.title, t('signage.description'));
  const ringIds = parseRingIds(params.get('rings'));
  const idParam = params.get('tournamentId');
  const tournamentId = idParam && /^\d{1,9}$/.test(idParam) ? Number(idParam) : null;
  const mode = useSignageMode(tournamentId);
  const tournaments = useSignageTournaments();

  // A TV's screen stays on while the board shows (where the browser allows it).
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const request = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (l) => {
          if (live) lock = l;
          else void l.release();
        },
        () => undefined,
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => undefined);
    };
  }, []);

  // A TV shows no scrollbar and no cursor.
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);

  return (
    <div
      className="fixed inset-0 z-40 cursor-none overflow-hidden bg-neutral-950 p-[0.6vw] text-[min(1.8vw,5.4vh)] text-white"
      data-testid="signage"
    >
      <h1 className="sr-only">{t('signage.heading')}</h1>
      {mode === 'loading' ? (
        <div className="grid h-full place-items-center text-[2em]">
          <Spinner />
        </div>
      ) : mode === 'api' && tournamentId !== null ? (
        <ApiBoard
          tournamentId={tournamentId}
          ringIds={ringIds}
          locale={locale}
          tournament={tournaments?.find((x) => x.id === tournamentId) ?? null}
        />
      ) : (
        <DeviceBoard ringIds={ringIds} locale={locale} tournament={nextOf(tournaments)} />
      )}
    </div>
  );
}
