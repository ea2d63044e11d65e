import { CompetitorFieldsSchema, competitorRuleErrors } from '@shared/domain/competitor.ts';
import { fieldErrors } from '@shared/domain/validation.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import {
  addCompetitor,
  invalidateRegistrations,
  updateCompetitor,
  useRegistration,
  useRegistrationOptions,
  useTournaments,
} from '../api/registration.ts';
import { CompetitorDetailFields, EmergencyContactFields } from '../../../components/form/competitor-fields.tsx';
import type { Area } from './registration-page.tsx';

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
    eventIds: v.eventIds,
  };
}

/** `/{customer|admin}/registration/{id}/competitor/{competitorId?}`: add or edit, validated as you type. */
export function CompetitorPage({ area = 'customer' }: { area?: Area }) {
  usePageMeta('Competitor', 'Competitor details, events and emergency contact.');
  const params = useParams();
  const registrationId = Number(params.registrationId);
  const competitorId = params.competitorId ? Number(params.competitorId) : undefined;
  const navigate = useNavigate();
  const { showError, clearAlert } = usePageAlert();
  const registration = useRegistration(registrationId);
  const options = useRegistrationOptions(registration.data?.tournamentId);
  const tournaments = useTournaments();
  const tournament = tournaments.data?.find((t) => t.id === registration.data?.tournamentId);
  const [values, setValues] = useState<Values>(EMPTY);
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const existing = registration.data?.competitors.find((c) => c.id === competitorId);
  useEffect(() => {
    if (existing && loadedId !== existing.id) {
      setLoadedId(existing.id);
      setValues({
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
        eventIds: existing.eventIds,
      });
    }
  }, [existing, loadedId]);

  if (registration.isLoading || options.isLoading || tournaments.isLoading) return <Spinner />;
  if (!registration.data) return <p role="alert">{registration.error?.message}</p>;
  if (competitorId !== undefined && !existing)
    return <p role="alert">The requested resource was not found</p>;

  const input = toInput(registrationId, values);
  const parsed = CompetitorFieldsSchema.safeParse(input);
  // The tournament rules (consent, weight, plausible age) show as soon as their own fields
  // allow, not only once every other field is valid; a field's own message comes first.
  const ruleErrors =
    tournament && options.data
      ? competitorRuleErrors(
          { ...input, school: input.school, guardianConsent: input.guardianConsent },
          {
            tournamentDate: tournament.tournamentDate,
            events: options.data.events,
            competitorLevelIds: options.data.competitorLevels.map((l) => l.id),
          },
        )
      : {};
  const errors: Record<string, string> = {
    ...ruleErrors,
    ...(parsed.success ? {} : fieldErrors(parsed.error)),
  };
  const errorOf = (name: string) => (touched[name] ? (errors[name] ?? serverErrors[name]) : undefined);
  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => ({
    name,
    label,
    value: values[name] as string,
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setTouched((t) => ({ ...t, [name]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    ...extra,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(Object.fromEntries([...Object.keys(EMPTY), '_'].map((k) => [k, true])));
    if (!parsed.success || Object.keys(errors).length > 0) return;
    setSaving(true);
    clearAlert();
    try {
      if (competitorId === undefined) await addCompetitor(input);
      else await updateCompetitor({ ...input, id: competitorId });
      invalidateRegistrations();
      void navigate(`/${area}/registration/${registrationId}`);
    } catch (error) {
      if (error instanceof ApiError) setServerErrors(error.fieldErrors);
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold">
          {competitorId === undefined ? 'Add a competitor' : 'Edit competitor'}
        </h1>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <CompetitorDetailFields field={text} levels={options.data?.competitorLevels ?? []} />
          <fieldset className="grid gap-2">
            <legend className="font-medium">Events</legend>
            {(options.data?.events ?? []).map((e) => (
              <label key={e.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={values.eventIds.includes(e.id)}
                  onChange={(ev) => {
                    const on = ev.target.checked;
                    setValues((v) => ({
                      ...v,
                      eventIds: on ? [...v.eventIds, e.id] : v.eventIds.filter((x) => x !== e.id),
                    }));
                    setTouched((t) => ({ ...t, eventIds: true, weightKg: true }));
                  }}
                />
                {e.name}
                {e.requiresWeight ? ' (weight needed)' : ''}
              </label>
            ))}
            {errorOf('eventIds') && (
              <p className="text-sm font-medium text-destructive">{errorOf('eventIds')}</p>
            )}
          </fieldset>
          <EmergencyContactFields field={text} />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="guardianConsent"
              checked={values.guardianConsent}
              onChange={(e) => {
                setValues((v) => ({ ...v, guardianConsent: e.target.checked }));
                setTouched((t) => ({ ...t, guardianConsent: true }));
              }}
            />
            I am this competitor&apos;s parent or guardian and consent to their taking part (needed under 18)
          </label>
          {errorOf('guardianConsent') && (
            <p className="text-sm font-medium text-destructive">{errorOf('guardianConsent')}</p>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={saving}>
              Save competitor
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => void navigate(`/${area}/registration/${registrationId}`)}
            >
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
