import { useState } from 'react';
import { Link } from 'react-router';
import type { Registration } from '@shared/contract/registration.ts';
import { consentGivenAs, type PublicationChoices } from '@shared/domain/consent.ts';
import { href } from '@web/app/pages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { useAction } from '@web/lib/action.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import {
  acceptPrivacyPolicy,
  invalidateRegistrations,
  refreshRegistrations,
  saveCompetitorChoices,
  usePrivacyStatus,
} from '../api/registration.ts';
import { ConsentChoices } from './consent-choices.tsx';

// Decision 043 on the customer's pages: the naming and photo choices changed later, and a new
// privacy policy version accepted before registering again.

/** One competitor's two choices, saved as soon as a box changes. */
function CompetitorChoices({
  competitor,
  tournamentDate,
}: {
  competitor: Registration['competitors'][number];
  tournamentDate: string | undefined;
}) {
  const [value, setValue] = useState<PublicationChoices>({
    publishName: competitor.publishName,
    photosAllowed: competitor.photosAllowed,
  });
  const [saved, setSaved] = useState(false);
  const name = `${competitor.firstName} ${competitor.lastName}`;
  // A failure shows in the page alert with the server's message; the boxes go back.
  const save = useAction(async (next: PublicationChoices) => {
    setSaved(false);
    const answer = await saveCompetitorChoices(competitor.id, next);
    setSaved(true);
    refreshRegistrations();
    return answer;
  });
  return (
    <fieldset className="grid gap-2" data-testid="competitor-choices">
      <legend className="mb-1 font-semibold">{name}</legend>
      <ConsentChoices
        givenAs={tournamentDate ? consentGivenAs(competitor.dateOfBirth, tournamentDate) : 'guardian'}
        value={value}
        who={competitor.firstName}
        disabled={save.busy}
        onChange={(next) => {
          const before = value;
          setValue(next);
          void save.run(next).then((r) => {
            if (!r.ok) setValue(before);
          });
        }}
      />
      {saved && (
        <p role="status" className="text-sm">
          {t('registration.choices.saved', { name })}
        </p>
      )}
    </fieldset>
  );
}

/** `/customer/home`: every competitor of the family's registrations, with their two choices. */
export function PublicationChoicesCard({
  registrations,
  tournamentDate,
}: {
  registrations: readonly Registration[];
  tournamentDate: string | undefined;
}) {
  const all = registrations.flatMap((r) => r.competitors);
  if (all.length === 0) return null;
  return (
    <Card data-testid="publication-choices">
      <CardHeader>
        <CardTitle as="h2">{t('registration.choices.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('registration.choices.intro')}</p>
        {all.map((c) => (
          <CompetitorChoices key={c.id} competitor={c} tournamentDate={tournamentDate} />
        ))}
      </CardContent>
    </Card>
  );
}

/**
 * On the registration page of a family that accepted an earlier privacy policy: read the new
 * version and accept it before adding a competitor (the server refuses one until then).
 */
export function PrivacyPolicyPrompt() {
  const status = usePrivacyStatus();
  const format = useFormat();
  const accept = useAction(async (version: number) => {
    await acceptPrivacyPolicy(version);
    invalidateRegistrations();
  });
  const s = status.data;
  if (!s?.mustAccept) return null;
  return (
    <Card role="region" aria-labelledby="privacy-policy-changed" className="border-amber-400">
      <CardHeader>
        <CardTitle as="h2" id="privacy-policy-changed">
          {t('registration.policy.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>{t('registration.policy.text', { version: s.version, date: format.date(s.date) })}</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={href('privacy')}>{t('registration.policy.read')}</Link>
          </Button>
          <Button disabled={accept.busy} onClick={() => void accept.run(s.version)}>
            {t('registration.policy.accept')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
