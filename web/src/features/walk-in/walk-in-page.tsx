import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { DoorRejections } from '@web/components/door/door-rejections.tsx';
import { useCheckInView } from '@web/sync/hooks.ts';
import { useWalkInOptions } from './walk-in-options.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { WalkInDone } from './walk-in-done.tsx';
import { WalkInForm } from './walk-in-registration-form.tsx';

// /admin/walk-in (decision 015): on tournament day staff register a person at the door (no account
// needed; door price), take payment and check in, in one form that queues ONE
// `registerWalkIn@1`, offline too. Levels, events and prices come from the device's cache.

export function WalkInPage() {
  usePageMeta(PAGES.walkIn.title, 'Register, take payment and check in a walk-in at the door.');
  const { options, error } = useWalkInOptions();
  const view = useCheckInView();
  const [submitted, setSubmitted] = useState<{ walkInId: string; mutationId: number } | null>(null);
  const [round, setRound] = useState(0);

  if (options === undefined || !view) return <p>Loading…</p>;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Walk-in registration</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to={href('checkIn')}>Check-in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={href('payments')}>Payments</Link>
          </Button>
        </div>
      </div>
      <DoorRejections view={view} />
      {options === null ? (
        <Alert variant="danger" role="alert">
          <p>
            This device has not loaded the tournament’s levels, events and prices yet. Connect to the network
            once to load them.
          </p>
          {error && <p>{error}</p>}
        </Alert>
      ) : submitted ? (
        <WalkInDone
          {...submitted}
          view={view}
          onAnother={() => {
            setSubmitted(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <WalkInForm key={round} options={options} onDone={setSubmitted} />
      )}
    </div>
  );
}
