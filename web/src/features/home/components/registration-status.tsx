import type { Tournament } from '@shared/contract/public.ts';
import type { HomeState } from '@shared/domain/tournament-status.ts';
import { CalendarCheck, CalendarClock, CalendarX, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button.tsx';
import { formatDate } from '@web/lib/format.ts';
import { href } from '@web/app/pages.ts';

/** The registration-status banner of the home page (docs/product.md §1 and §2). */
export function RegistrationStatus({
  state,
  tournament,
}: {
  state: HomeState;
  tournament: Tournament | undefined;
}) {
  if (state === 'none' || !tournament) {
    return (
      <Banner icon={<CalendarX aria-hidden="true" />} title="Thank you for your interest!">
        <p>The next tournament has not been scheduled yet. Please check back soon.</p>
      </Banner>
    );
  }
  switch (state) {
    case 'today':
      return (
        <Banner icon={<PartyPopper aria-hidden="true" />} title="Tournament Today!" tone="highlight">
          <p className="text-lg">Come see us at {tournament.venue}</p>
          <p>
            Registration is in person only today, from {tournament.inPersonRegistrationTimes}. Online
            registration is closed.
          </p>
        </Banner>
      );
    case 'open':
      return (
        <Banner
          icon={<CalendarCheck aria-hidden="true" />}
          title="Online registration is now open!"
          tone="highlight"
        >
          <p>Online registration closes after {formatDate(tournament.registrationClosesAfter)}.</p>
          <Button asChild size="lg" className="mt-2 w-fit">
            <Link to={href('registrationStart')}>Register online</Link>
          </Button>
        </Banner>
      );
    case 'soon':
      return (
        <Banner icon={<CalendarClock aria-hidden="true" />} title="Registration opens soon!">
          <p>Online registration opens on {formatDate(tournament.registrationOpensOn)}.</p>
        </Banner>
      );
    case 'closed':
      return (
        <Banner icon={<CalendarX aria-hidden="true" />} title="Online registration is currently closed">
          <p>
            You can still register in person on tournament day, from {tournament.inPersonRegistrationTimes},
            at the door price.
          </p>
        </Banner>
      );
  }
}

function Banner({
  icon,
  title,
  tone = 'plain',
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: 'plain' | 'highlight';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="registration-status"
      className={
        tone === 'highlight'
          ? 'rounded-lg border-2 border-primary bg-card p-6'
          : 'rounded-lg border bg-card p-6'
      }
    >
      <div className="flex items-start gap-4">
        <span className="mt-1 text-primary [&_svg]:size-8">{icon}</span>
        <div className="grid gap-2">
          <h2 id="registration-status" className="text-2xl font-bold">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
