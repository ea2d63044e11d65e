import { competitorPrice } from '@shared/domain/costs.ts';
import type { Registration } from '@shared/contract/registration.ts';
import { formatDollars } from '@web/lib/format.ts';

/**
 * Why a competitor costs what they cost (decision 027): the home page names an online price and a
 * door price, and a family paying at the door would otherwise wonder which one they owe. The
 * prices come from the one shared rule (`competitorPrice`): registered online, the online
 * price, however it is paid; registered at the door on the day (a walk-in), the door price.
 */
export function PriceNote({ registration }: { registration: Registration }) {
  const prices = registration.tournament;
  if (registration.competitors.length === 0) return null;
  const walkIn = registration.isWalkIn === true;
  const price = formatDollars(competitorPrice(prices, walkIn));
  if (walkIn) {
    return (
      <p className="text-sm">
        Registered at the door on tournament day: {price} per competitor (the door price).
      </p>
    );
  }
  const door = prices.competitorDoorCost === undefined ? null : formatDollars(competitorPrice(prices, true));
  return (
    <p className="text-sm" data-testid="price-note">
      Registered online, each competitor is {price} (the online price), whether you pay now or at the door.
      {door && ` The door price of ${door} is only for competitors registered on tournament day.`}
    </p>
  );
}
