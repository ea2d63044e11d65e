import {
  recordDoorPayment,
  registerWalkIn,
  voidPayment,
  type Mutator,
} from '@shared/domain/mutators/index.ts';
import type { CheckInView } from '@web/sync/overlay.ts';
import { Refusals } from '../venue/venue-refusals.tsx';

// Door payments, voids and walk-ins the server refused (or the device itself cannot apply):
// said plainly, as a danger alert, so nobody believes money was recorded when it was not.

const DOOR_MUTATORS: readonly Mutator[] = [recordDoorPayment, voidPayment, registerWalkIn];

export function DoorRejections({ view }: { view: CheckInView }) {
  return (
    <Refusals
      mutators={DOOR_MUTATORS}
      failing={view.failing}
      shown={5}
      tone="danger"
      testId="door-rejections"
    />
  );
}
