import { recordDoorPayment, registerWalkIn, voidPayment, type Mutator } from '@shared/domain/mutators/index.ts';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { formatTime } from '../../sync/format.ts';
import { useRejections } from '../../sync/hooks.ts';
import type { CheckInView } from '../../sync/overlay.ts';

// Door payments, voids and walk-ins the server refused (or the device itself cannot apply):
// said plainly, so nobody believes money was recorded when it was not.

const DOOR_MUTATORS: readonly Mutator[] = [recordDoorPayment, voidPayment, registerWalkIn];
const titleOf = (name: string) => DOOR_MUTATORS.find((m) => m.name === name)?.refusedTitle;

export function DoorRejections({ view }: { view: CheckInView }) {
  const rejections = useRejections();
  const isDoor = (name: string) => titleOf(name) !== undefined;
  const refused: { key: string; name: string; message: string; at: string | null }[] = [
    ...view.failing
      .filter((f) => isDoor(f.name))
      .map((f) => ({ key: `device-${f.mutationId}`, name: f.name, message: f.message, at: null })),
    ...rejections
      .filter((r) => isDoor(r.name))
      .map((r) => ({ key: `server-${r.mutationId}`, name: r.name, message: r.message, at: r.at })),
  ];
  if (refused.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="door-rejections">
      {refused.slice(0, 5).map((r) => (
        <Alert key={r.key} variant="danger" role="alert">
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
