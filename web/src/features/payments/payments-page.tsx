import { Link, useSearchParams } from 'react-router';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { BalanceBadge } from '@web/components/door/balance-badge.tsx';
import { DoorRejections } from '@web/components/door/door-rejections.tsx';
import {
  FamilyResults,
  FamilySearchField,
  useFamilySearch,
} from '@web/components/door/family-search-field.tsx';
import { FirstSyncNotice } from '@web/sync/first-sync-notice.tsx';
import { useCheckInView, useHasSynced } from '@web/sync/hooks.ts';
import type { CheckInView } from '@web/sync/overlay.ts';
import { EndOfDayTotals } from './end-of-day-totals.tsx';
import { href, PAGES } from '@web/app/pages.ts';
import { RegistrationPayments } from './registration-payments.tsx';
import { t } from '@web/lib/i18n.tsx';

// /admin/payments (decision 015): find a family as on check-in, record a door payment (cash with
// change due, card terminal, e-transfer), void one (SuperAdmin), and count the day's takings.
// Everything works from the device store, so offline too: payments queue as mutations whose
// ids are made here, so a retried or replayed payment is recorded once.

const SHOWN = 30;

export function PaymentsPage() {
  usePageMeta(PAGES.payments.title, t('payments.description'));
  const view = useCheckInView();
  const synced = useHasSynced();
  const [search, setSearch] = useSearchParams();
  const selected = Number(search.get('registration'));
  const walkInId = search.get('walkIn');

  if (!view || synced === undefined) return <p>{t('payments.loading')}</p>;
  // A walk-in is found by its walkInId: its id changes from provisional to the server's.
  const registration = walkInId
    ? view.registrations.find((r) => r.walkInId === walkInId)
    : Number.isInteger(selected) && selected !== 0
      ? view.registrations.find((r) => r.id === selected)
      : undefined;
  const asked = walkInId !== null || search.get('registration') !== null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-semibold">{t('payments.title')}</h1>
        <Button asChild variant="outline" size="lg">
          <Link to={href('walkIn')}>{t('payments.walkIn')}</Link>
        </Button>
      </div>
      <div className="grid gap-6 print:hidden">
        <DoorRejections view={view} />
        {asked && !registration && <Alert variant="danger">{t('payments.notOnDevice')}</Alert>}
        {registration ? (
          <RegistrationPayments
            key={registration.id}
            registration={registration}
            view={view}
            onBack={() => setSearch({})}
          />
        ) : (
          <FamilySearch
            view={view}
            synced={synced}
            onPick={(id) => setSearch({ registration: String(id) })}
          />
        )}
      </div>
      <EndOfDayTotals view={view} />
    </div>
  );
}

function FamilySearch({
  view,
  synced,
  onPick,
}: {
  view: CheckInView;
  synced: boolean;
  onPick: (registrationId: number) => void;
}) {
  const { query, setQuery, families } = useFamilySearch(view);
  return (
    <section className="grid gap-3" aria-label={t('payments.find')}>
      {!synced && view.registrations.length === 0 && <FirstSyncNotice />}
      <FamilySearchField id="payments-search" query={query} onQueryChange={setQuery} />
      <FamilyResults
        families={families}
        synced={synced}
        shown={SHOWN}
        className="grid gap-2"
        renderFamily={({ registration: r, competitors }) => {
          const title = `${r.familyName}, ${r.ownerFirstName}`;
          return (
            <Card aria-label={title} data-testid="payments-family">
              <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-4">
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="text-sm text-muted-foreground">
                    {competitors.map((c) => c.firstName).join(', ') || t('payments.noCompetitors')}
                    {r.confirmationCodes.length > 0 && ` · ${r.confirmationCodes.join(', ')}`}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <BalanceBadge balance={r.balanceOwing} />
                  <Button
                    size="lg"
                    aria-label={t('payments.takeFrom', { name: title })}
                    onClick={() => onPick(r.id)}
                  >
                    {t('payments.take')}
                  </Button>
                </div>
              </CardContent>
            </Card>
          );
        }}
      />
    </section>
  );
}
