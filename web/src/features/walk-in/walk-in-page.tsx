import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
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
  usePageMeta(PAGES.walkIn.title, t('walkIn.page.description'));
  const { options, error } = useWalkInOptions();
  const view = useCheckInView();
  const [submitted, setSubmitted] = useState<{ walkInId: string; mutationId: number } | null>(null);
  const [round, setRound] = useState(0);

  if (options === undefined || !view) return <p>{t('walkIn.page.loading')}</p>;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{tm(PAGES.walkIn.title)}</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to={href('checkIn')}>{tm(PAGES.checkIn.title)}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={href('payments')}>{tm(PAGES.payments.title)}</Link>
          </Button>
        </div>
      </div>
      <DoorRejections view={view} />
      {options === null ? (
        <Alert variant="danger" role="alert">
          <p>{t('walkIn.page.noOptions')}</p>
          {error && <p>{tm(error)}</p>}
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
