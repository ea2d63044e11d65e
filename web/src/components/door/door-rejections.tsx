import { Alert, AlertTitle } from '../ui/alert.tsx';
import { formatTime } from '../../sync/format.ts';
import { useRejections } from '../../sync/hooks.ts';
import type { CheckInView } from '../../sync/overlay.ts';

// Door payments, voids and walk-ins the server refused (or the device itself cannot apply):
// said plainly, so nobody believes money was recorded when it was not.

export const DOOR_MUTATORS = ['recordDoorPayment@1', 'voidPayment@1', 'registerWalkIn@1'] as const;

const WHAT: Record<string, string> = {
  'recordDoorPayment@1': 'Payment not recorded',
  'voidPayment@1': 'Void not recorded',
  'registerWalkIn@1': 'Walk-in not registered',
};

export function DoorRejections({ view }: { view: CheckInView }) {
  const rejections = useRejections();
  const isDoor = (name: string) => (DOOR_MUTATORS as readonly string[]).includes(name);
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
          <AlertTitle>{WHAT[r.name] ?? 'Change refused'}</AlertTitle>
          <p>
            {r.message}
            {r.at ? ` (${formatTime(r.at)})` : ''}
          </p>
        </Alert>
      ))}
    </div>
  );
}
