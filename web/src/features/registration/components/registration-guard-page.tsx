import { nextTournament } from '@shared/domain/tournament-status.ts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { usePageAlert } from '@web/lib/page-alert.tsx';
import {
  createRegistration,
  fetchIncomplete,
  fetchTournaments,
  invalidateRegistrations,
} from '../api/registration.ts';
import { href } from '@web/app/pages.ts';

/**
 * `/customer/registration` (docs/product.md §2): no next tournament or registration not open
 * goes home; otherwise to the incomplete registration for it, or to a new one.
 */
export function RegistrationGuardPage() {
  const navigate = useNavigate();
  const { showError } = usePageAlert();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // Whether the family is still here: not once they have followed a link away. The address
  // changes a render before this page unmounts, and a navigation in progress is theirs too;
  // sending them on (or creating a registration) after that would undo their tap.
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle';
  useEffect(() => {
    let cancelled = false;
    const stillHere = () => !cancelled && !leaving.current && window.location.pathname === pathname;
    void (async () => {
      try {
        const next = nextTournament(await fetchTournaments(), new Date());
        if (!stillHere()) return;
        if (!next?.isRegistrationOpen) {
          void navigate(href('customerHome'), { replace: true });
          return;
        }
        const incomplete = await fetchIncomplete(next.id);
        if (!incomplete && !stillHere()) return;
        const registration = incomplete ?? (await createRegistration(next.id));
        invalidateRegistrations();
        if (stillHere())
          void navigate(href('registration', { registrationId: registration.registrationId }), {
            replace: true,
          });
      } catch (error) {
        if (!cancelled) showError(error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, showError, pathname]);
  return <Spinner />;
}
