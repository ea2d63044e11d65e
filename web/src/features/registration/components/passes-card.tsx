import type { Registration } from '@shared/contract/registration.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { Minus, Plus } from 'lucide-react';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useFlag } from '@web/lib/site-settings.tsx';
import { changePasses, refreshRegistrations, showPassCount } from '../api/registration.ts';

const PASS_MESSAGES = {
  spectator: { add: MESSAGES.addSpectator, remove: MESSAGES.removeSpectator },
  lunch: { add: MESSAGES.addLunch, remove: MESSAGES.removeLunch },
} as const;

/** Adding and removing spectator passes and lunch tickets. */
function usePasses(id: number) {
  // Decision 027: a count changes in place; the page stays, scrolled where it was, focus on the button.
  return useAction(
    async (kind: 'spectator' | 'lunch', add: boolean) => {
      const count = await changePasses(kind, id, add);
      showPassCount(id, kind, count);
      refreshRegistrations();
    },
    // docs/product.md §8: "Could not add spectator pass. " and the like before the error.
    { errorPrefix: (kind, add) => tm(add ? PASS_MESSAGES[kind].add : PASS_MESSAGES[kind].remove) },
  );
}

/** The registration's spectator passes and (when sold) lunch tickets, each a count with - and +. */
export function PassesCard({
  id,
  registration,
  locked,
}: {
  id: number;
  registration: Registration;
  locked: boolean;
}) {
  const sellLunch = useFlag('SellLunchTickets');
  const passes = usePasses(id);
  const { tournament: prices } = registration;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('registration.passes.title', { lunch: sellLunch ? 'yes' : 'no' })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm">{t('registration.passes.free')}</p>
        <Counter
          label={t('registration.passes.spectators')}
          price={prices.spectatorCost}
          count={registration.spectators}
          disabled={locked}
          onChange={(add) => void passes.run('spectator', add)}
        />
        {sellLunch && (
          <Counter
            label={t('registration.passes.lunch')}
            price={prices.lunchCost}
            count={registration.lunch}
            disabled={locked}
            onChange={(add) => void passes.run('lunch', add)}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A count with - and + buttons. They stay enabled while a change runs (a second press is
 * ignored by the action) and when the count is 0 (marked aria-disabled): a disabled button
 * would drop the keyboard focus (decision 027).
 */
function Counter(props: {
  label: string;
  price: number;
  count: number;
  disabled: boolean;
  onChange: (add: boolean) => void;
}) {
  const format = useFormat();
  const none = props.disabled || props.count === 0;
  return (
    <div className="flex items-center gap-3">
      <span className="flex-1">
        {t('registration.passes.each', { label: props.label, price: format.money(props.price) })}
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-11 aria-disabled:opacity-60"
        aria-disabled={none || undefined}
        onClick={() => !none && props.onChange(false)}
        aria-label={t('registration.passes.removeOne', { label: props.label })}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output aria-label={props.label} aria-live="polite" className="w-8 text-center text-lg font-semibold">
        {props.count}
      </output>
      <Button
        variant="outline"
        size="icon"
        className="size-11 aria-disabled:opacity-60"
        aria-disabled={props.disabled || undefined}
        onClick={() => !props.disabled && props.onChange(true)}
        aria-label={t('registration.passes.addOne', { label: props.label })}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
