import { Link } from 'react-router';
import { changeDue } from '@shared/domain/door.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { formatDollars, useTimeZone } from '@web/lib/format.ts';
import { BalanceBadge } from '@web/components/door/balance-badge.tsx';
import { formatTimeOrDateTime } from '@shared/domain/time.ts';
import { useRejections } from '@web/sync/hooks.ts';
import type { CheckInView } from '@web/sync/overlay.ts';
import { href } from '@web/app/pages.ts';

// The walk-in page's done region: what was queued, its sync state and where to go next.

/** The walk-in as the device now shows it: provisional until the server's rows arrive. */
export function WalkInDone({
  walkInId,
  mutationId,
  view,
  onAnother,
}: {
  walkInId: string;
  mutationId: number;
  view: CheckInView;
  onAnother: () => void;
}) {
  const timeZone = useTimeZone();
  const rejections = useRejections();
  const r = view.registrations.find((x) => x.walkInId === walkInId);
  const refused =
    view.failing.find((f) => f.mutationId === mutationId) ??
    rejections.find((x) => x.mutationId === mutationId);
  if (!r) {
    return (
      <div className="grid gap-3">
        <Alert variant={refused ? 'danger' : 'default'} role={refused ? 'alert' : 'status'}>
          {refused ? `Walk-in not registered: ${refused.message}` : 'Registering…'}
        </Alert>
        <div>
          <Button size="lg" onClick={onAnother}>
            Register another walk-in
          </Button>
        </div>
      </div>
    );
  }
  const competitors = view.competitors.filter((c) => c.registrationId === r.id);
  const pending = view.pendingRegistrationIds.has(r.id);
  // The cash taken with the walk-in: its change due stays in sight while the money is counted
  // out (decision 028: the confirmation used to leave it out).
  const cash = view.payments.find((p) => p.registrationId === r.id && !p.voided && p.tendered !== null);
  const change = cash ? changeDue(cash) : null;
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  return (
    <Card aria-label={title} data-testid="walk-in-done">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle as="h2">Walk-in registered: {title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.confirmationCodes.length > 0
              ? `Receipt ${r.confirmationCodes.join(', ')}`
              : 'The receipt is made when this device next reaches the server.'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {pending && <Badge variant="outline">Not yet sent</Badge>}
          <BalanceBadge balance={r.balanceOwing} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>
          Total {formatDollars(r.cost)}, paid {formatDollars(r.amountPaid)}
          {cash && cash.tendered !== null ? ` (tendered ${formatDollars(cash.tendered)})` : ''}.
        </p>
        {change !== null && (
          <p className="text-xl font-semibold" data-testid="walk-in-change-due">
            Change due {formatDollars(change)}
          </p>
        )}
        <ul className="grid gap-2">
          {competitors.map((c) => (
            <li key={c.id} className="border-t pt-2" data-testid="walk-in-competitor-status">
              <span className="font-medium">
                {c.firstName} {c.lastName}
              </span>{' '}
              <span className="text-sm text-muted-foreground">
                {c.checkedInAt ? `Checked in at ${formatTimeOrDateTime(c.checkedInAt, timeZone)}` : 'Not checked in'}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" onClick={onAnother}>
            Register another walk-in
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href('payments', undefined, `walkIn=${walkInId}`)}>Open in payments</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
