import { Link } from 'react-router';
import { changeDue } from '@shared/domain/door.ts';
import { Alert } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { BalanceBadge } from '@web/components/door/balance-badge.tsx';
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
  const format = useFormat();
  const rejections = useRejections();
  const r = view.registrations.find((x) => x.walkInId === walkInId);
  const refused =
    view.failing.find((f) => f.mutationId === mutationId) ??
    rejections.find((x) => x.mutationId === mutationId);
  if (!r) {
    return (
      <div className="grid gap-3">
        <Alert variant={refused ? 'danger' : 'default'} role={refused ? 'alert' : 'status'}>
          {refused
            ? t('walkIn.done.refused', { message: tm(refused.message) })
            : t('walkIn.done.registering')}
        </Alert>
        <div>
          <Button size="lg" onClick={onAnother}>
            {t('walkIn.done.another')}
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
          <CardTitle as="h2">{t('walkIn.done.title', { family: title })}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.confirmationCodes.length > 0
              ? t('walkIn.done.receipt', { codes: r.confirmationCodes.join(', ') })
              : t('walkIn.done.receiptLater')}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {pending && <Badge variant="outline">{t('walkIn.done.notSent')}</Badge>}
          <BalanceBadge balance={r.balanceOwing} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>
          {cash && cash.tendered !== null
            ? t('walkIn.done.totalTendered', {
                total: format.money(r.cost),
                paid: format.money(r.amountPaid),
                tendered: format.money(cash.tendered),
              })
            : t('walkIn.done.total', { total: format.money(r.cost), paid: format.money(r.amountPaid) })}
        </p>
        {change !== null && (
          <p className="text-xl font-semibold" data-testid="walk-in-change-due">
            {t('walkIn.done.changeDue', { amount: format.money(change) })}
          </p>
        )}
        <ul className="grid gap-2">
          {competitors.map((c) => (
            <li key={c.id} className="border-t pt-2" data-testid="walk-in-competitor-status">
              <span className="font-medium">
                {c.firstName} {c.lastName}
              </span>{' '}
              <span className="text-sm text-muted-foreground">
                {c.checkedInAt
                  ? t('walkIn.done.checkedIn', { time: format.timeOrDateTime(c.checkedInAt) })
                  : t('walkIn.done.notCheckedIn')}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" onClick={onAnother}>
            {t('walkIn.done.another')}
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href('payments', undefined, `walkIn=${walkInId}`)}>
              {t('walkIn.done.openInPayments')}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
