import { CompetitorFieldsSchema, competitorRuleErrors } from '@shared/domain/competitor.ts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Registration } from '@shared/contract/registration.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/components/ui/card.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { useForm } from '@web/lib/form.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import {
  addCompetitor,
  invalidateRegistrations,
  updateCompetitor,
  useRegistration,
  useRegistrationOptions,
  useTournaments,
} from '../api/registration.ts';
import {
  CompetitorDetailFields,
  EmergencyContactFields,
  type BindField,
} from '@web/components/form/competitor-fields.tsx';
import { AREA_PAGES, type Area } from '../model/area.ts';
import { href, PAGES } from '@web/app/pages.ts';
import { t, tm, tx } from '@web/lib/i18n.tsx';
import { NOT_FOUND_TEXT } from '@shared/domain/domain-error.ts';
import { consentGivenAs, PRIVACY_POLICY } from '@shared/domain/consent.ts';
import { ConsentChoices } from './consent-choices.tsx';

interface Values {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: string;
  competitorLevelId: string;
  weightKg: string;
  school: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelationship: string;
  guardianConsent: boolean;
  publishName: boolean;
  photosAllowed: boolean;
  eventIds: number[];
}
const EMPTY: Values = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  competitorLevelId: '',
  weightKg: '',
  school: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelationship: '',
  guardianConsent: false,
  // Decision 043: nothing is published until the family says so.
  publishName: false,
  photosAllowed: false,
  eventIds: [],
};

function toInput(registrationId: number, v: Values) {
  return {
    registrationId,
    firstName: v.firstName,
    lastName: v.lastName,
    dateOfBirth: v.dateOfBirth,
    gender: Number(v.gender) as 1 | 2,
    competitorLevelId: Number(v.competitorLevelId),
    weightKg: v.weightKg.trim() === '' ? null : Number(v.weightKg),
    school: v.school,
    emergencyContactName: v.emergencyContactName,
    emergencyContactPhone: v.emergencyContactPhone,
    emergencyContactRelationship: v.emergencyContactRelationship,
    guardianConsent: v.guardianConsent,
    publishName: v.publishName,
    photosAllowed: v.photosAllowed,
    eventIds: v.eventIds,
  };
}

interface SameContact {
  key: string;
  firstName: string;
  name: string;
  phone: string;
  relationship: string;
}

function sameContactChoices(
  competitors: Registration['competitors'],
  editing: number | undefined,
): SameContact[] {
  const seen = new Set<string>();
  const out: SameContact[] = [];
  for (const c of [...competitors].reverse()) {
    if (c.id === editing || !c.emergencyContactName) continue;
    const key = `${c.emergencyContactName.trim().toLowerCase()}|${c.emergencyContactPhone}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      key,
      firstName: c.firstName,
      name: c.emergencyContactName,
      phone: c.emergencyContactPhone,
      relationship: c.emergencyContactRelationship,
    });
  }
  return out;
}

/** `/{customer|admin}/registration/{id}/competitor/{competitorId?}`: add or edit, validated as you type. */
export function CompetitorPage({ area = 'customer' }: { area?: Area }) {
  usePageMeta(PAGES.competitor.title, t('registration.competitor.description'));
  const params = useParams();
  const registrationId = Number(params.registrationId);
  const competitorId = params.competitorId ? Number(params.competitorId) : undefined;
  const navigate = useNavigate();
  const registration = useRegistration(registrationId);
  const options = useRegistrationOptions(registration.data?.tournamentId);
  const tournaments = useTournaments();
  const tournament = tournaments.data?.find((t) => t.id === registration.data?.tournamentId);
  const form = useForm({
    schema: CompetitorFieldsSchema,
    initial: EMPTY,
    toInput: (v) => toInput(registrationId, v),
    // The tournament rules (consent, weight, plausible age) show as soon as their own fields
    // allow, not only once every other field is valid; a field's own message comes first.
    rules: (v) =>
      tournament && options.data
        ? competitorRuleErrors(toInput(registrationId, v), {
            tournamentDate: tournament.tournamentDate,
            events: options.data.events,
            competitorLevelIds: options.data.competitorLevels.map((l) => l.id),
          })
        : {},
    // Sends what the form makes, as before the schema's own output existed.
    onSubmit: async (_checked, v) => {
      const input = toInput(registrationId, v);
      if (competitorId === undefined) await addCompetitor(input);
      else await updateCompetitor({ ...input, id: competitorId });
      invalidateRegistrations();
      void navigate(href(AREA_PAGES[area].registration, { registrationId }));
    },
  });
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);

  const existing = registration.data?.competitors.find((c) => c.id === competitorId);
  const { reset } = form;
  useEffect(() => {
    if (existing && loadedId !== existing.id) {
      setLoadedId(existing.id);
      reset({
        firstName: existing.firstName,
        lastName: existing.lastName,
        dateOfBirth: existing.dateOfBirth,
        gender: String(existing.gender),
        competitorLevelId: String(existing.competitorLevelId),
        weightKg: existing.weightKg === null ? '' : String(existing.weightKg),
        school: existing.school,
        emergencyContactName: existing.emergencyContactName,
        emergencyContactPhone: existing.emergencyContactPhone,
        emergencyContactRelationship: existing.emergencyContactRelationship,
        guardianConsent: existing.guardianConsent,
        publishName: existing.publishName,
        photosAllowed: existing.photosAllowed,
        eventIds: existing.eventIds,
      });
    }
  }, [existing, loadedId, reset]);

  // One spinner until the registration, its options and the tournaments have all answered.
  const waiting = registration.isLoading || options.isLoading || tournaments.isLoading;
  return (
    <QueryView
      query={{ data: waiting ? undefined : registration.data, error: registration.error, isLoading: waiting }}
      errors="instead"
    >
      {(loaded) => {
        if (competitorId !== undefined && !existing) return <p role="alert">{tm(NOT_FOUND_TEXT)}</p>;

        const values = form.values;
        // "Same as Ava": the emergency contacts already given for the family's other
        // competitors, each once, the latest first.
        const sameAs = sameContactChoices(loaded.competitors, competitorId);
        const text: BindField = (name, label, extra = {}) => ({ ...form.field(name), label, ...extra });
        // From 18 on tournament day the competitor consents for themselves (decision 043).
        const givenAs = tournament
          ? consentGivenAs(values.dateOfBirth, tournament.tournamentDate)
          : 'guardian';

        return (
          <Card className="mx-auto max-w-2xl">
            <CardHeader>
              <h1 className="text-2xl font-bold">
                {competitorId === undefined
                  ? t('registration.competitor.addTitle')
                  : t('registration.competitor.editTitle')}
              </h1>
            </CardHeader>
            <CardContent>
              <form noValidate onSubmit={(e) => void form.submit(e)} className="grid gap-4">
                <CompetitorDetailFields field={text} levels={options.data?.competitorLevels ?? []} />
                <fieldset className="grid gap-2">
                  <legend className="mb-1 font-medium">{t('registration.competitor.events')}</legend>
                  {(options.data?.events ?? []).map((e) => (
                    // The whole row is the target, at least 44 px tall.
                    <label
                      key={e.id}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 has-[:checked]:border-primary"
                    >
                      <input
                        type="checkbox"
                        className="size-5 shrink-0 accent-primary"
                        checked={values.eventIds.includes(e.id)}
                        onChange={(ev) => {
                          const on = ev.target.checked;
                          form.set(
                            'eventIds',
                            on ? [...values.eventIds, e.id] : values.eventIds.filter((x) => x !== e.id),
                          );
                          // An event that needs a weight makes the weight's message matter now.
                          form.touch('weightKg');
                        }}
                      />
                      {e.name}
                      {e.requiresWeight ? ` ${t('registration.competitor.weightNeeded')}` : ''}
                    </label>
                  ))}
                  {form.error('eventIds') && (
                    <p className="text-sm font-medium text-destructive">{tm(form.error('eventIds') ?? '')}</p>
                  )}
                </fieldset>
                {sameAs.length > 0 && (
                  <div className="grid gap-2">
                    <p className="text-sm">{t('registration.competitor.emergencyContact')}</p>
                    <div className="flex flex-wrap gap-2">
                      {sameAs.map((c) => (
                        <Button
                          key={c.key}
                          variant="outline"
                          className="h-auto min-h-11 whitespace-normal py-2 text-left"
                          onClick={() =>
                            form.setValues({
                              ...values,
                              emergencyContactName: c.name,
                              emergencyContactPhone: c.phone,
                              emergencyContactRelationship: c.relationship,
                            })
                          }
                        >
                          {t('registration.competitor.sameAs', { firstName: c.firstName, name: c.name })}
                        </Button>
                      ))}
                    </div>
                  </div>
                )}
                <EmergencyContactFields field={text} />
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2">
                  <input
                    type="checkbox"
                    name="guardianConsent"
                    className="size-5 shrink-0 accent-primary"
                    checked={values.guardianConsent}
                    onChange={(e) => form.set('guardianConsent', e.target.checked)}
                  />
                  {t(
                    givenAs === 'self'
                      ? 'registration.competitor.consentSelf'
                      : 'registration.competitor.consent',
                  )}
                </label>
                {form.error('guardianConsent') && (
                  <p className="text-sm font-medium text-destructive">
                    {tm(form.error('guardianConsent') ?? '')}
                  </p>
                )}
                <fieldset className="grid gap-2">
                  <legend className="mb-1 font-medium">{t('registration.competitor.choices')}</legend>
                  <ConsentChoices
                    givenAs={givenAs}
                    value={{ publishName: values.publishName, photosAllowed: values.photosAllowed }}
                    onChange={(next) => form.setValues({ ...values, ...next })}
                  />
                </fieldset>
                <p className="text-sm text-muted-foreground">
                  {t('registration.competitor.consentRecord', { version: PRIVACY_POLICY.version })}
                </p>
                <p className="text-sm">
                  {tx('registration.competitor.privacy', {
                    link: (inner) => <Link to={href('privacy')}>{inner}</Link>,
                  })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" size="lg" disabled={form.busy}>
                    {t('registration.competitor.save')}
                  </Button>
                  <Button
                    type="button"
                    size="lg"
                    variant="outline"
                    onClick={() => void navigate(href(AREA_PAGES[area].registration, { registrationId }))}
                  >
                    {t('registration.competitor.cancel')}
                  </Button>
                </div>
              </form>
            </CardContent>
          </Card>
        );
      }}
    </QueryView>
  );
}
