import { nextTournament } from '@shared/domain/tournament-status.ts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import {
  createRegistration,
  fetchIncomplete,
  fetchTournaments,
  invalidateRegistrations,
} from '../api/registration.ts';

/**
 * `/customer/registration` (SPEC.md section 2): no next tournament or registration not open
 * goes home; otherwise to the incomplete registration for it, or to a new one.
 */
export function RegistrationGuardPage() {
  const navigate = useNavigate();
  const { showError } = usePageAlert();
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const next = nextTournament(await fetchTournaments(), new Date());
        if (cancelled) return;
        if (!next?.isRegistrationOpen) {
          void navigate('/customer/home', { replace: true });
          return;
        }
        const registration = (await fetchIncomplete(next.id)) ?? (await createRegistration(next.id));
        invalidateRegistrations();
        if (!cancelled)
          void navigate(`/customer/registration/${registration.registrationId}`, { replace: true });
      } catch (error) {
        if (!cancelled) showError(error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, showError]);
  return <Spinner />;
}
