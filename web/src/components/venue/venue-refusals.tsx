import type { Mutator } from '@shared/domain/mutators/index.ts';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { tm, useFormat } from '@web/lib/i18n.tsx';
import { useRejections } from '@web/sync/hooks.ts';
import type { Failing } from '@web/sync/replica.ts';

// What the device or the server refused among a screen's own mutations, in the mutator's
// words ("Division not completed: The results are not complete: Forms."). At the rings it is
// said calmly, as a notice rather than a danger alert: a refusal there is routine (another
// tablet got there first) and nothing was lost. At the door it is a danger alert
// (DoorRejections), so nobody believes money was recorded when it was not.

export interface RefusalsProps {
  mutators: readonly Mutator[];
  failing: readonly Failing[];
  shown?: number;
}

export function VenueRefusals(props: RefusalsProps) {
  return <Refusals {...props} tone="notice" testId="venue-refusals" />;
}

export function Refusals({
  mutators,
  failing,
  shown = 3,
  tone,
  testId,
}: RefusalsProps & { tone: 'notice' | 'danger'; testId: string }) {
  const format = useFormat();
  const rejections = useRejections();
  const titleOf = (name: string) => mutators.find((m) => m.name === name)?.refusedTitle;
  const refused = [
    ...failing
      .filter((f) => titleOf(f.name))
      .map((f) => ({
        key: `device-${f.mutationId}`,
        name: f.name,
        message: f.message,
        at: null as string | null,
      })),
    ...rejections
      .filter((r) => titleOf(r.name))
      .map((r) => ({ key: `server-${r.mutationId}`, name: r.name, message: r.message, at: r.at })),
  ];
  if (refused.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid={testId}>
      {refused.slice(0, shown).map((r) => (
        <Alert key={r.key} {...(tone === 'danger' ? { variant: 'danger', role: 'alert' } : {})}>
          <AlertTitle>{tm(titleOf(r.name) ?? '')}</AlertTitle>
          <p>
            {tm(r.message)}
            {r.at ? ` (${format.timeOrDateTime(r.at)})` : ''}
          </p>
        </Alert>
      ))}
    </div>
  );
}
