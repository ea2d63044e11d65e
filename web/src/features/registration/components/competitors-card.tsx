import type { Registration } from '@shared/contract/registration.ts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { useAction } from '@web/lib/action.ts';
import {
  deleteCompetitor,
  refreshRegistrations,
  setRegistration as setQueryData,
} from '../api/registration.ts';
import { AREA_PAGES, type Area } from '../model/area.ts';
import { href } from '@web/app/pages.ts';
import { t, tx } from '@web/lib/i18n.tsx';

type Competitor = Registration['competitors'][number];

/** Removing a competitor: the one being asked about, and the removal itself. */
function useRemoveCompetitor(id: number) {
  const [removing, setRemoving] = useState<Competitor | null>(null);
  const remove = useAction(
    async (competitor: Competitor) => {
      const updated = await deleteCompetitor(competitor.id);
      setQueryData(id, updated);
      refreshRegistrations();
      setRemoving(null);
      return competitor;
    },
    {
      success: (c) => t('registration.competitors.removed', { name: `${c.firstName} ${c.lastName}` }),
      successAs: 'toast',
    },
  );
  return { removing, setRemoving, remove };
}

/** The registration's competitors with their events, each with Edit and Delete (asked first). */
export function CompetitorsCard({
  id,
  registration,
  area,
  locked,
  eventName,
}: {
  id: number;
  registration: Registration;
  area: Area;
  locked: boolean;
  eventName: (eventId: number) => string;
}) {
  const { removing, setRemoving, remove } = useRemoveCompetitor(id);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('registration.competitors.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {registration.competitors.length === 0 && <p>{t('registration.competitors.none')}</p>}
          <ul className="grid gap-2">
            {registration.competitors.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
                <span className="flex-1">
                  {tx('registration.competitors.line', {
                    name: `${c.firstName} ${c.lastName}`,
                    age: c.age === null ? 'none' : String(c.age),
                    events: c.eventIds.map(eventName).join(', '),
                    strong: (inner) => <strong>{inner}</strong>,
                  })}
                </span>
                {!locked && (
                  <>
                    <Button asChild variant="outline" className="h-11">
                      <Link
                        to={href(AREA_PAGES[area].competitor, { registrationId: id, competitorId: c.id })}
                        aria-label={t('registration.competitors.editLabel', { firstName: c.firstName })}
                      >
                        {t('registration.competitors.edit')}
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      className="h-11 border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      onClick={() => setRemoving(c)}
                      aria-label={t('registration.competitors.deleteLabel', { firstName: c.firstName })}
                    >
                      <Trash2 aria-hidden="true" />
                      {t('registration.competitors.delete')}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {!locked && (
            <div>
              <Button asChild size="lg">
                <Link to={href(AREA_PAGES[area].competitor, { registrationId: id, competitorId: undefined })}>
                  {t('registration.competitors.add')}
                </Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      <Dialog open={removing !== null} onOpenChange={(open) => !open && !remove.busy && setRemoving(null)}>
        {removing && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                {t('registration.competitors.confirmTitle', {
                  name: `${removing.firstName} ${removing.lastName}`,
                })}
              </DialogTitle>
              <DialogDescription>{t('registration.competitors.confirmText')}</DialogDescription>
            </DialogHeader>
            <DialogFooter className="flex-wrap">
              <DialogClose asChild>
                <Button variant="outline" className="h-11" disabled={remove.busy}>
                  {t('registration.competitors.keep', { firstName: removing.firstName })}
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                className="h-11"
                disabled={remove.busy}
                onClick={() => void remove.run(removing)}
              >
                {t('registration.competitors.deleteLabel', { firstName: removing.firstName })}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
