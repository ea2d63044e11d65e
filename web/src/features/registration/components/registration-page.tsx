import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { href, PAGES } from '@web/app/pages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { useAction } from '@web/lib/action.ts';
import { getImpersonatedUserId } from '@web/lib/impersonation.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { isStaff, useSession } from '@web/lib/session.ts';
import { useRegistration, useRegistrationOptions } from '../api/registration.ts';
import { CompetitorsCard } from './competitors-card.tsx';
import { ContactsEditor } from './contacts-editor.tsx';
import { PrivacyPolicyPrompt } from './consent-cards.tsx';
import { PassesCard } from './passes-card.tsx';
import { Total } from './registration-total.tsx';
import type { ContactsHandle } from './use-contacts-autosave.ts';
import type { Area } from '../model/area.ts';
import { t, tm } from '@web/lib/i18n.tsx';
import { NOT_FOUND_TEXT } from '@shared/domain/domain-error.ts';

/** `/{customer|admin}/registration/{id}`: competitors, spectator passes, lunch tickets, total, contacts. */
export function RegistrationPage({ area = 'customer' }: { area?: Area }) {
  usePageMeta(PAGES.registration.title, t('registration.page.description'));
  const id = Number(useParams().registrationId);
  const navigate = useNavigate();
  const { data: registration, error, isLoading } = useRegistration(id);
  const options = useRegistrationOptions(registration?.tournamentId);
  const session = useSession();
  // While a director views as the customer, the page follows the customer's rules (decision 014).
  const staff = isStaff(session) && getImpersonatedUserId() === null;
  // A completed registration is changed only by a director or super admin (decision 018).
  const director = staff && hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  const contacts = useRef<ContactsHandle | null>(null);
  const proceed = useAction(async () => {
    // One way of saving on this page: contacts save as they are typed; what is still unsaved
    // saves now, and contacts that cannot be saved yet keep the family here with the reasons.
    if (contacts.current && !(await contacts.current.flush())) return;
    // One confirmation page, in the customer area, whichever area the registration was opened
    // from: staff may open it, and the admin area has none (docs/product.md §2).
    await navigate(href('confirmation', { registrationId: id }));
  });

  const eventName = (eventId: number) =>
    options.data?.events.find((e) => e.id === eventId)?.name ?? `#${eventId}`;

  return (
    <QueryView query={{ data: registration, error, isLoading }} errors="instead" missing={tm(NOT_FOUND_TEXT)}>
      {(registration) => {
        const locked = registration.isCompleted && !director;
        return (
          <div className="mx-auto grid max-w-3xl gap-4">
            {/* No internal id in the title: families have one registration at a time. */}
            <h1 className="text-2xl font-bold">{t('registration.page.title')}</h1>
            {registration.isCompleted && (
              <p role="status" className="rounded-md border p-3">
                {t('registration.page.complete')}{' '}
                {registration.receipt && (
                  <Link to={href('receipt', { registrationId: id })}>
                    {t('registration.page.viewReceipt')}
                  </Link>
                )}
              </p>
            )}
            {!staff && !registration.isCompleted && <PrivacyPolicyPrompt />}
            <CompetitorsCard
              id={id}
              registration={registration}
              area={area}
              locked={locked}
              eventName={eventName}
            />

            <PassesCard id={id} registration={registration} locked={locked} />

            <Total registration={registration} />

            <ContactsEditor
              key={registration.registrationId}
              registration={registration}
              locked={locked}
              handle={contacts}
            />

            {!registration.isCompleted && (
              <div>
                <Button size="lg" disabled={proceed.busy} onClick={() => void proceed.run()}>
                  {t('registration.page.continue')}
                </Button>
              </div>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}
