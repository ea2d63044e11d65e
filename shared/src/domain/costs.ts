// docs/product.md §9: costs are whole dollars.
export interface CostInputs {
  competitors: number;
  spectators: number;
  lunch: number;
  /** Registered at the door on tournament day: competitors pay the door price. */
  isWalkIn?: boolean;
}
export interface CostPrices {
  competitorOnlineCost: number;
  /** The door price (docs/product.md §3 Tournament); only a walk-in pays it. */
  competitorDoorCost?: number;
  spectatorCost: number;
  lunchCost: number;
}

/**
 * The price of one competitor of a registration: the door price for a walk-in, else the
 * online price. The one rule every total (sync rows, registration views, receipts) goes by.
 */
export function competitorPrice(prices: CostPrices, isWalkIn = false): number {
  if (!isWalkIn) return prices.competitorOnlineCost;
  if (prices.competitorDoorCost === undefined) {
    throw new Error('competitorPrice: a walk-in needs the tournament door price');
  }
  return prices.competitorDoorCost;
}

/**
 * Total = competitors x competitor price (online, or door for a walk-in) + spectators x
 * spectator cost + lunch x lunch cost.
 */
export function registrationTotal(counts: CostInputs, prices: CostPrices): number {
  return (
    counts.competitors * competitorPrice(prices, counts.isWalkIn) +
    counts.spectators * prices.spectatorCost +
    counts.lunch * prices.lunchCost
  );
}

/**
 * What a registration's view (the family's pages, its receipts) shows still to pay: never below
 * zero; more taken than is due shows on the receipt as a refund. (A synced row keeps the signed
 * difference, so a desk sees the refund too.)
 */
export function balanceOwing(cost: number, amountPaid: number): number {
  return Math.max(0, cost - amountPaid);
}

/** docs/product.md §9: Grand Champion points per placing. */
export const GRAND_CHAMPION_POINTS = { 1: 100, 2: 75, 3: 50, 4: 25 } as const;
