import { competitorPrice } from '@shared/domain/costs.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';

/**
 * Why a competitor costs what they cost (decision 027): the home page names an online price and a
 * door price, and a family paying at the door would otherwise wonder which one they owe. The
 * prices come from the one shared rule (`competitorPrice`): registered online, the online
 * price, however it is paid; registered at the door on the day (a walk-in), the door price.
 */
export function PriceNote({ registration }: { registration: Registration }) {
  const format = useFormat();
  const prices = registration.tournament;
  if (registration.competitors.length === 0) return null;
  const walkIn = registration.isWalkIn === true;
  const price = format.money(competitorPrice(prices, walkIn));
  if (walkIn) {
    return <p className="text-sm">{t('registration.price.walkIn', { price })}</p>;
  }
  const door = prices.competitorDoorCost === undefined ? null : format.money(competitorPrice(prices, true));
  return (
    <p className="text-sm" data-testid="price-note">
      {t('registration.price.online', { price })}
      {door && ` ${t('registration.price.door', { door })}`}
    </p>
  );
}
