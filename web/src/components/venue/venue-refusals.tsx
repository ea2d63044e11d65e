import type { Mutator } from '@shared/domain/mutators/index.ts';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { formatTime } from '../../sync/format.ts';
import { useRejections } from '../../sync/hooks.ts';
import type { Failing } from '../../sync/replica.ts';

// What the device or the server refused among a screen's own mutations (rings, matchday), in
// the mutator's words ("Division not completed: The results are not complete: Forms."). Said
// calmly, as a notice rather than a danger alert: at the rings a refusal is routine (another
// tablet got there first), and nothing was lost.

export function VenueRefusals({
  mutators,
  failing,
  shown = 3,
}: {
  mutators: readonly Mutator[];
  failing: readonly Failing[];
  shown?: number;
}) {
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
    <div className="grid gap-2" data-testid="venue-refusals">
      {refused.slice(0, shown).map((r) => (
        <Alert key={r.key}>
          <AlertTitle>{titleOf(r.name)}</AlertTitle>
          <p>
            {r.message}
            {r.at ? ` (${formatTime(r.at)})` : ''}
          </p>
        </Alert>
      ))}
    </div>
  );
}
