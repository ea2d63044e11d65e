import { competitorPrice } from '@shared/domain/costs.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { Card, CardContent } from '@web/components/ui/card.tsx';
import { t, useFormat } from '@web/lib/i18n.tsx';

export function Total({ registration }: { registration: Registration }) {
  const { tournament: p } = registration;
  const format = useFormat();
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <p>
          {t('registration.total.line', {
            competitors: registration.competitors.length,
            walkIn: registration.isWalkIn ? 'yes' : 'no',
            competitorPrice: format.money(competitorPrice(p, registration.isWalkIn)),
            spectators: registration.spectators,
            spectatorPrice: format.money(p.spectatorCost),
          })}
          {registration.lunch > 0
            ? ` + ${t('registration.total.lunch', { lunch: registration.lunch, price: format.money(p.lunchCost) })}`
            : ''}
        </p>
        <p className="text-xl font-bold" data-testid="registration-total">
          {t('registration.total.total', { amount: format.money(registration.cost) })}
        </p>
        {registration.amountPaid > 0 && (
          <p>
            {t('registration.total.paid', {
              paid: format.money(registration.amountPaid),
              owing: format.money(registration.balanceOwing),
            })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
