import { useDeferredValue, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { formatDollars } from '../../lib/format.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { formatTime } from '../sync/format.ts';
import { mutate, useCheckInView, useHasSynced } from '../sync/hooks.ts';
import { QrScanButton } from './qr-scanner.tsx';
import { searchFamilies, type Family } from './search.ts';

// /admin/check-in (issue 6): works from the device store, so it keeps working offline after
// the first sync; taps queue mutations (shown at once, sent when the network allows).

const SHOWN = 50;

export function CheckInPage() {
  usePageMeta('Check-in', 'Check in competitors at the venue, online or offline.');
  const view = useCheckInView();
  const synced = useHasSynced();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);

  if (!view || synced === undefined) return <p>Loading…</p>;
  const families = searchFamilies(view.registrations, view.competitors, deferred);
  const checkedIn = view.competitors.filter((c) => c.checkedInAt).length;

  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">Check-in</h1>
      {!synced && view.registrations.length === 0 ? (
        <Alert>Loading registrations from the server… This screen works offline once they are here.</Alert>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="check-in-totals">
          {checkedIn} of {view.competitors.length} competitors checked in
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid w-full max-w-md gap-1">
          <Label htmlFor="check-in-search">Search by name or confirmation code</Label>
          <Input
            id="check-in-search"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <QrScanButton onCode={setQuery} />
      </div>
      {families.length === 0 && synced && <p>No registration matches.</p>}
      <ul className="grid gap-3">
        {families.slice(0, SHOWN).map((f) => (
          <li key={f.registration.id}>
            <FamilyCard family={f} pending={view.pendingCompetitorIds} />
          </li>
        ))}
      </ul>
      {families.length > SHOWN && (
        <p>
          Showing {SHOWN} of {families.length}: search to narrow down.
        </p>
      )}
    </div>
  );
}

function FamilyCard({ family, pending }: { family: Family; pending: Set<number> }) {
  const r = family.registration;
  const remaining = family.competitors.filter((c) => !c.checkedInAt).length;
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  return (
    <Card aria-label={title} data-testid="check-in-family">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle as="h2">{title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.confirmationCodes.length > 0
              ? `Confirmation ${r.confirmationCodes.join(', ')}`
              : 'No receipt yet'}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {r.balanceOwing > 0 ? (
            <Badge variant="danger" data-testid="balance-owing">
              Balance owing {formatDollars(r.balanceOwing)}
            </Badge>
          ) : (
            <Badge variant="success">Paid</Badge>
          )}
          {remaining > 0 && family.competitors.length > 1 && (
            <Button
              size="sm"
              onClick={() =>
                void mutate('checkInRegistration@1', { registrationId: r.id, at: new Date().toISOString() })
              }
            >
              Check in all ({remaining})
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {family.competitors.length === 0 ? (
          <p>No competitors.</p>
        ) : (
          <ul className="grid gap-2">
            {family.competitors.map((c) => {
              const name = `${c.firstName} ${c.lastName}`;
              return (
                <li
                  key={c.id}
                  className="flex flex-wrap items-center justify-between gap-2 border-t pt-2"
                  data-testid="check-in-competitor"
                >
                  <div>
                    <span className="font-medium">{name}</span>{' '}
                    {c.checkedInAt ? (
                      <span className="text-sm text-muted-foreground" data-testid="checked-in-by">
                        Checked in{c.checkedInByName ? ` by ${c.checkedInByName}` : ''} at{' '}
                        {formatTime(c.checkedInAt)}
                      </span>
                    ) : (
                      <span className="text-sm text-muted-foreground">Not checked in</span>
                    )}
                    {pending.has(c.id) && (
                      <Badge variant="outline" className="ml-2">
                        Not yet sent
                      </Badge>
                    )}
                  </div>
                  {c.checkedInAt ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Undo check-in of ${name}`}
                      onClick={() => void mutate('undoCheckIn@1', { competitorId: c.id })}
                    >
                      Undo
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      aria-label={`Check in ${name}`}
                      onClick={() =>
                        void mutate('checkInCompetitor@1', {
                          competitorId: c.id,
                          at: new Date().toISOString(),
                        })
                      }
                    >
                      Check in
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
