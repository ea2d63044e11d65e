import { nextTournament } from '@shared/domain/tournament-status.ts';
import { Link, Navigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDollars } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useRegistrations, useTournaments } from '../api/registration.ts';

/** `/customer/home`: this tournament's registrations with status, balance and receipts (SPEC.md section 2). */
export function CustomerHomePage() {
  usePageMeta('Home', 'Your registrations, receipts and notification preferences.');
  const tournaments = useTournaments();
  const next = tournaments.data ? nextTournament(tournaments.data, new Date()) : undefined;
  const registrations = useRegistrations(next?.id);
  if (tournaments.isLoading || (next && registrations.isLoading)) return <Spinner />;
  const list = registrations.data ?? [];
  const completed = list.filter((r) => r.isCompleted);
  // SPEC.md section 2: no completed registration while registration is open goes to registering.
  if (next?.isRegistrationOpen && completed.length === 0)
    return <Navigate to="/customer/registration" replace />;
  const needsSmsChoice = list.some((r) => r.contacts.some((c) => c.lacksSmsPreference));

  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">Your registrations</h1>
      {next ? (
        <p>
          {formatDate(next.tournamentDate)} in {next.city}, {next.venue}
        </p>
      ) : (
        <p>Thank you for your interest!</p>
      )}
      {needsSmsChoice && (
        <p role="status" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-900">
          Some contacts have not chosen whether to get text messages when their division is coming up.{' '}
          <Link to="/customer/home/notification-preferences">Choose notification preferences</Link>
        </p>
      )}
      {list.map((r) => (
        <Card key={r.registrationId} data-testid="registration-card">
          <CardHeader>
            <CardTitle as="h2">
              Registration #{r.registrationId}: {r.isCompleted ? 'Completed' : 'In progress'}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p>
              {r.competitors.map((c) => `${c.firstName} ${c.lastName}`).join(', ') || 'No competitors yet'}
              {r.spectators > 0 ? `; ${r.spectators} spectator pass${r.spectators === 1 ? '' : 'es'}` : ''}
            </p>
            <p>
              Total {formatDollars(r.cost)}, paid {formatDollars(r.amountPaid)}, balance owing{' '}
              {formatDollars(r.balanceOwing)}
            </p>
            <div className="flex flex-wrap gap-2">
              {r.receipt && (
                <Button asChild variant="outline">
                  <Link to={`/customer/registration/${r.registrationId}/receipt`}>
                    Receipt {r.receipt.confirmationCode}
                  </Link>
                </Button>
              )}
              {!r.isCompleted && next?.isRegistrationOpen && (
                <Button asChild>
                  <Link to={`/customer/registration/${r.registrationId}`}>Continue registration</Link>
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      ))}
      {next?.isRegistrationOpen && (
        <div>
          <Button asChild variant="secondary">
            <Link to="/customer/registration">Start another registration</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
