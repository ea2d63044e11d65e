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
    { success: (c) => `${c.firstName} ${c.lastName} was removed.`, successAs: 'toast' },
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
          <CardTitle as="h2">Competitors</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {registration.competitors.length === 0 && <p>No competitors yet.</p>}
          <ul className="grid gap-2">
            {registration.competitors.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2">
                <span className="flex-1">
                  <strong>
                    {c.firstName} {c.lastName}
                  </strong>
                  {c.age !== null ? `, ${c.age}` : ''}: {c.eventIds.map(eventName).join(', ')}
                </span>
                {!locked && (
                  <>
                    <Button asChild variant="outline" className="h-11">
                      <Link
                        to={href(AREA_PAGES[area].competitor, { registrationId: id, competitorId: c.id })}
                        aria-label={`Edit ${c.firstName}`}
                      >
                        Edit
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      className="h-11 border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      onClick={() => setRemoving(c)}
                      aria-label={`Delete ${c.firstName}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
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
                  Add competitor
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
                Delete {removing.firstName} {removing.lastName}?
              </DialogTitle>
              <DialogDescription>
                Their details and events are taken off this registration. This cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter className="flex-wrap">
              <DialogClose asChild>
                <Button variant="outline" className="h-11" disabled={remove.busy}>
                  Keep {removing.firstName}
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                className="h-11"
                disabled={remove.busy}
                onClick={() => void remove.run(removing)}
              >
                Delete {removing.firstName}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
