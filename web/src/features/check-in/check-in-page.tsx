import { memo, useRef, useState } from 'react';
import { CameraOff, CircleCheck } from 'lucide-react';
import { checkInCompetitor, checkInRegistration, undoCheckIn } from '@shared/domain/mutators/index.ts';
import { countedCompetitors } from '@shared/domain/competitor.ts';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { mutate, useCheckInView, useHasSynced } from '@web/sync/hooks.ts';
import { cn } from '@web/lib/utils.ts';
import { OwingCheckInDialog, type OwingCheckIn } from './owing-check-in-dialog.tsx';
import { QrScanButton } from './qr-scanner.tsx';
import type { Family } from '@web/components/door/family-search.ts';
import {
  FamilyResults,
  FamilySearchField,
  useFamilySearch,
} from '@web/components/door/family-search-field.tsx';
import { href, PAGES } from '@web/app/pages.ts';

// /admin/check-in (decision 010): works from the device store, so it keeps working offline after
// the first sync; taps queue mutations (shown at once, sent when the network allows).

const SHOWN = 50;

export function CheckInPage() {
  usePageMeta(PAGES.checkIn.title, t('checkIn.page.description'));
  const view = useCheckInView();
  const synced = useHasSynced();
  const { query, setQuery, families } = useFamilySearch(view);
  // Families whose check-in without payment the volunteer confirmed on this screen: their other
  // competitors check in with one tap (a family of five arriving together is asked once).
  const confirmedWithoutPayment = useRef(new Set<number>()).current;

  if (!view || synced === undefined) return <p>{t('checkIn.page.loading')}</p>;
  // The dashboard's count (one rule in shared): an unfinished registration's family is listed
  // below, its competitors counted once it is completed.
  const counted = countedCompetitors(view.competitors, view.registrations);
  const checkedIn = counted.filter((c) => c.checkedInAt).length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('checkIn.page.heading')}</h1>
        <Button asChild variant="outline">
          <Link to={href('walkIn')}>{t('checkIn.page.registerWalkIn')}</Link>
        </Button>
      </div>
      {!synced && view.registrations.length === 0 ? (
        <FirstSyncNotice />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="check-in-totals">
          {t('checkIn.page.totals', { checkedIn, count: counted.length })}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <FamilySearchField id="check-in-search" query={query} onQueryChange={setQuery} />
        <QrScanButton onCode={setQuery} />
      </div>
      <FamilyResults
        families={families}
        synced={synced}
        shown={SHOWN}
        className="grid gap-3"
        renderFamily={(f) => (
          <FamilyCard
            family={f}
            pending={view.pendingCompetitorIds}
            confirmedWithoutPayment={confirmedWithoutPayment}
          />
        )}
      />
    </div>
  );
}

interface FamilyCardProps {
  family: Family;
  pending: ReadonlySet<number>;
  /** The page's own set (one object for the page's life): not compared by `sameCard`. */
  confirmedWithoutPayment: Set<number>;
}

/** Same values, field by field (arrays element by element): rows read again from the store are new objects. */
function sameRow(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => {
    const u = x[k];
    const v = y[k];
    if (Array.isArray(u) && Array.isArray(v)) return u.length === v.length && u.every((e, i) => e === v[i]);
    return u === v;
  });
}

/**
 * Whether a family's card would look the same. Every tap and every sync reads the whole store
 * again, so without this each of them re-rendered every card on the screen; now only the
 * family that changed does (the "tap to screen" figure of `npm run bench`).
 */
function sameCard(prev: FamilyCardProps, next: FamilyCardProps): boolean {
  const a = prev.family.competitors;
  const b = next.family.competitors;
  return (
    sameRow(prev.family.registration, next.family.registration) &&
    a.length === b.length &&
    a.every((c, i) => sameRow(c, b[i]!) && prev.pending.has(c.id) === next.pending.has(c.id))
  );
}

/** The id of a competitor's Check in / Undo button: focus returns there after the owing dialog. */
const actionId = (competitorId: number) => `check-in-action-${competitorId}`;

const FamilyCard = memo(function FamilyCard({ family, pending, confirmedWithoutPayment }: FamilyCardProps) {
  const format = useFormat();
  const r = family.registration;
  const remaining = family.competitors.filter((c) => !c.checkedInAt).length;
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  // A walk-in registered on this device and not yet sent has provisional (negative) ids: the
  // server knows none of them yet, so nothing can be done to it until it is sent.
  const provisional = r.id < 0;
  // Checking in a family that owes money first offers to take the payment (decision 028).
  const [owing, setOwing] = useState<OwingCheckIn | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const checkInOne = (competitorId: number) =>
    void mutate(checkInCompetitor, { competitorId, at: new Date().toISOString() });
  const checkInAll = () =>
    void mutate(checkInRegistration, { registrationId: r.id, at: new Date().toISOString() });
  const allIn = family.competitors.length > 0 && remaining === 0;
  const ask = r.balanceOwing > 0 && !confirmedWithoutPayment.has(r.id);
  return (
    <Card aria-label={title} data-testid="check-in-family">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle as="h2">{title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.confirmationCodes.length > 0
              ? t('checkIn.family.confirmation', { codes: r.confirmationCodes.join(', ') })
              : t('checkIn.family.noReceipt')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {allIn && (
            <Badge variant="success" className="gap-1 text-sm" data-testid="family-checked-in">
              <CircleCheck aria-hidden="true" className="size-4" />
              {t('checkIn.family.allCheckedIn')}
            </Badge>
          )}
          {provisional ? (
            <Badge variant="outline">{t('checkIn.family.walkInNotSent')}</Badge>
          ) : r.balanceOwing > 0 ? (
            <>
              <Badge variant="danger" data-testid="balance-owing">
                {t('checkIn.family.balanceOwing', { amount: format.money(r.balanceOwing) })}
              </Badge>
              <Button asChild size="sm" variant="outline">
                <Link to={href('payments', undefined, `registration=${r.id}`)}>
                  {t('checkIn.family.takePayment')}
                </Link>
              </Button>
            </>
          ) : (
            <Badge variant="success">{t('checkIn.family.paid')}</Badge>
          )}
          {!provisional && remaining > 0 && family.competitors.length > 1 && (
            <Button
              size="sm"
              onClick={() => {
                if (ask) setOwing({ kind: 'all', count: remaining });
                else checkInAll();
              }}
            >
              {t('checkIn.family.checkInAll', { count: remaining })}
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {paid && (
          <p role="status" className="text-sm font-medium" data-testid="owing-paid">
            {paid}
          </p>
        )}
        {family.competitors.length === 0 ? (
          <p>{t('checkIn.family.noCompetitors')}</p>
        ) : (
          <ul className="grid gap-2">
            {family.competitors.map((c) => {
              const name = `${c.firstName} ${c.lastName}`;
              const isIn = !!c.checkedInAt;
              return (
                <li
                  key={c.id}
                  // Checked in: a tick, the words and a green band, so a long list scans at a
                  // glance without relying on colour alone (decision 028).
                  className={cn(
                    'flex flex-wrap items-center justify-between gap-2 rounded-md border border-l-4 px-3 py-2',
                    isIn ? 'border-success bg-success-bg text-success-fg' : 'border-l-border',
                  )}
                  data-testid="check-in-competitor"
                  data-checked-in={isIn ? 'true' : 'false'}
                >
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    {isIn ? (
                      <span
                        className="inline-flex items-center gap-1.5 font-semibold"
                        data-testid="checked-in-mark"
                      >
                        <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-success" />
                      </span>
                    ) : null}
                    <span className="font-medium">{name}</span>
                    {/* Decision 043: the photographer at the door sees who must not be published. */}
                    {c.photosAllowed === false && (
                      <Badge
                        variant="outline"
                        className="gap-1"
                        title={t('checkIn.competitor.noPhotosHint', { name })}
                        data-testid="no-photos"
                      >
                        <CameraOff aria-hidden="true" className="size-4" />
                        {t('checkIn.competitor.noPhotos')}
                      </Badge>
                    )}
                    {isIn ? (
                      <span className="text-sm font-medium" data-testid="checked-in-by">
                        {c.checkedInByName
                          ? t('checkIn.competitor.checkedInBy', {
                              name: c.checkedInByName,
                              time: format.timeOrDateTime(c.checkedInAt!),
                            })
                          : t('checkIn.competitor.checkedIn', {
                              time: format.timeOrDateTime(c.checkedInAt!),
                            })}
                      </span>
                    ) : (
                      <span className="text-sm text-muted-foreground">
                        {t('checkIn.competitor.notCheckedIn')}
                      </span>
                    )}
                    {pending.has(c.id) && <Badge variant="outline">{t('checkIn.competitor.notSent')}</Badge>}
                  </div>
                  {provisional || c.id < 0 ? null : isIn ? (
                    <Button
                      id={actionId(c.id)}
                      size="sm"
                      variant="outline"
                      aria-label={t('checkIn.competitor.undoLabel', { name })}
                      onClick={() => void mutate(undoCheckIn, { competitorId: c.id })}
                    >
                      {t('checkIn.competitor.undo')}
                    </Button>
                  ) : (
                    <Button
                      id={actionId(c.id)}
                      size="sm"
                      aria-label={t('checkIn.competitor.checkInLabel', { name })}
                      onClick={() => {
                        if (ask) setOwing({ kind: 'one', competitorId: c.id, name });
                        else checkInOne(c.id);
                      }}
                    >
                      {t('checkIn.competitor.checkIn')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      {owing && (
        <OwingCheckInDialog
          registration={r}
          familyTitle={title}
          what={owing}
          onCheckIn={() => (owing.kind === 'one' ? checkInOne(owing.competitorId) : checkInAll())}
          onWithoutPayment={() => confirmedWithoutPayment.add(r.id)}
          onPaid={setPaid}
          onClose={() => setOwing(null)}
          returnFocusTo={() =>
            document.getElementById(
              actionId(owing.kind === 'one' ? owing.competitorId : (family.competitors[0]?.id ?? 0)),
            )
          }
        />
      )}
    </Card>
  );
}, sameCard);
