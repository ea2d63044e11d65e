// SPEC.md section 9: costs are whole dollars.
export interface CostInputs {
  competitors: number;
  spectators: number;
  lunch: number;
}
export interface CostPrices {
  competitorOnlineCost: number;
  spectatorCost: number;
  lunchCost: number;
}

/** Total = competitors x online cost + spectators x spectator cost + lunch x lunch cost. */
export function registrationTotal(counts: CostInputs, prices: CostPrices): number {
  return (
    counts.competitors * prices.competitorOnlineCost +
    counts.spectators * prices.spectatorCost +
    counts.lunch * prices.lunchCost
  );
}

/** SPEC.md section 9: Grand Champion points per placing. */
export const GRAND_CHAMPION_POINTS = { 1: 100, 2: 75, 3: 50, 4: 25 } as const;
