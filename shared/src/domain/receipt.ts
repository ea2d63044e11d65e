import { competitorPrice, type CostPrices } from './costs.ts';
import { msg } from '../i18n/message-ref.ts';

// Receipts (docs/design.md §5): the items a registration is charged for, and the
// confirmation code families read out at the door.

/** No look-alike characters (0/O, 1/I/L): a code read aloud or typed at the door stays unambiguous. */
export const CONFIRMATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CONFIRMATION_CODE_LENGTH = 8;
export const CONFIRMATION_CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** `randomIndex(n)` answers an integer in [0, n): pass a cryptographic source. */
export function makeConfirmationCode(randomIndex: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) {
    code += CONFIRMATION_CODE_ALPHABET[randomIndex(CONFIRMATION_CODE_ALPHABET.length)];
  }
  return code;
}

export interface ReceiptItem {
  description: string;
  quantity: number;
  /** Whole dollars (docs/product.md §9). */
  unitPrice: number;
  amount: number;
}

export interface ChargeableRegistration {
  competitors: readonly { firstName: string; lastName: string }[];
  spectators: number;
  lunch: number;
  /** A walk-in's competitors are charged the door price. */
  isWalkIn?: boolean;
}

/** One line per competitor, one for spectator passes, one for lunch tickets; sums to `registrationTotal` (costs.ts). */
export function receiptItems(r: ChargeableRegistration, prices: CostPrices): ReceiptItem[] {
  const price = competitorPrice(prices, r.isWalkIn);
  // Message references (decision 037): each reader sees the receipt in their own language.
  const items: ReceiptItem[] = r.competitors.map((c) => ({
    description: msg(r.isWalkIn ? 'receipt.item.competitorAtDoor' : 'receipt.item.competitor', {
      name: `${c.firstName} ${c.lastName}`,
    }),
    quantity: 1,
    unitPrice: price,
    amount: price,
  }));
  if (r.spectators > 0) {
    items.push({
      description: msg('receipt.item.spectator'),
      quantity: r.spectators,
      unitPrice: prices.spectatorCost,
      amount: r.spectators * prices.spectatorCost,
    });
  }
  if (r.lunch > 0) {
    items.push({
      description: msg('receipt.item.lunch'),
      quantity: r.lunch,
      unitPrice: prices.lunchCost,
      amount: r.lunch * prices.lunchCost,
    });
  }
  return items;
}
