import { competitorPrice } from '@shared/domain/costs.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { formatDollars } from '@web/lib/format.ts';

export function Total({ registration }: { registration: Registration }) {
  const { tournament: p } = registration;
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <p>
          {registration.competitors.length} x competitor{registration.isWalkIn ? ' at the door' : ''}{' '}
          {formatDollars(competitorPrice(p, registration.isWalkIn))} + {registration.spectators} x spectator{' '}
          {formatDollars(p.spectatorCost)}
          {registration.lunch > 0 ? ` + ${registration.lunch} x lunch ${formatDollars(p.lunchCost)}` : ''}
        </p>
        <p className="text-xl font-bold" data-testid="registration-total">
          Total: {formatDollars(registration.cost)}
        </p>
        {registration.amountPaid > 0 && (
          <p>
            Paid {formatDollars(registration.amountPaid)}, balance owing{' '}
            {formatDollars(registration.balanceOwing)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
