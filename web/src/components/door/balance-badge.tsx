import { balanceText } from '@shared/domain/door.ts';
import { tm } from '@web/lib/i18n.tsx';
import { Badge } from '../ui/badge.tsx';

/** "Balance owing $X", "Paid in full" or "Refund due $X", coloured by which. */
export function BalanceBadge({ balance }: { balance: number }) {
  return (
    <Badge variant={balance > 0 ? 'danger' : balance < 0 ? 'outline' : 'success'} data-testid="balance">
      {tm(balanceText(balance))}
    </Badge>
  );
}
