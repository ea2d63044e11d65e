import type { ContactInput, Registration } from '@shared/contract/registration.ts';
import { competitorPrice } from '@shared/domain/costs.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDollars } from '../../../lib/format.ts';
import { getImpersonatedUserId } from '../../../lib/impersonation.ts';
import { usePageAlert } from '../../../lib/page-alert.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { isStaff, useSession } from '../../../lib/session.ts';
import { useFlag } from '../../../lib/site-settings.tsx';
import {
  changePasses,
  deleteCompetitor,
  invalidateRegistrations,
  saveContacts,
  useRegistration,
  useRegistrationOptions,
} from '../api/registration.ts';

export type Area = 'customer' | 'admin';

const PASS_MESSAGES = {
  spectator: { add: MESSAGES.addSpectator, remove: MESSAGES.removeSpectator },
  lunch: { add: MESSAGES.addLunch, remove: MESSAGES.removeLunch },
} as const;

/** `/{customer|admin}/registration/{id}`: competitors, spectator passes, lunch tickets, total, contacts. */
export function RegistrationPage({ area = 'customer' }: { area?: Area }) {
  usePageMeta('Online Registration', 'Register competitors, spectator passes and lunch tickets.');
  const id = Number(useParams().registrationId);
  const { data: registration, error, isLoading } = useRegistration(id);
  const options = useRegistrationOptions(registration?.tournamentId);
  const session = useSession();
  // While a director views as the customer, the page follows the customer's rules (decision 014).
  const staff = isStaff(session) && getImpersonatedUserId() === null;
  const sellLunch = useFlag('SellLunchTickets');
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [busy, setBusy] = useState(false);

  if (isLoading && !registration) return <Spinner />;
  if (!registration) return <p role="alert">{error?.message ?? 'The requested resource was not found'}</p>;
  const locked = registration.isCompleted && !staff;
  const eventName = (eventId: number) =>
    options.data?.events.find((e) => e.id === eventId)?.name ?? `#${eventId}`;

  async function passes(kind: 'spectator' | 'lunch', add: boolean) {
    setBusy(true);
    clearAlert();
    try {
      await changePasses(kind, id, add);
      invalidateRegistrations();
    } catch (e) {
      const prefix = add ? PASS_MESSAGES[kind].add : PASS_MESSAGES[kind].remove;
      showAlert('danger', prefix + (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  }

  async function remove(competitorId: number) {
    setBusy(true);
    clearAlert();
    try {
      await deleteCompetitor(competitorId);
      invalidateRegistrations();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  }

  const { tournament: prices } = registration;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">Online Registration #{registration.registrationId}</h1>
      {registration.isCompleted && (
        <p role="status" className="rounded-md border p-3">
          This registration is complete.{' '}
          {registration.receipt && <Link to={`/customer/registration/${id}/receipt`}>View the receipt</Link>}
        </p>
      )}
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
                    <Button asChild variant="outline" size="sm">
                      <Link
                        to={`/${area}/registration/${id}/competitor/${c.id}`}
                        aria-label={`Edit ${c.firstName}`}
                      >
                        Edit
                      </Link>
                    </Button>
                    <Button
                      variant="destructive"
                      size="sm"
                      disabled={busy}
                      onClick={() => void remove(c.id)}
                      aria-label={`Delete ${c.firstName}`}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {!locked && (
            <div>
              <Button asChild>
                <Link to={`/${area}/registration/${id}/competitor`}>Add competitor</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Spectator passes{sellLunch ? ' and lunch tickets' : ''}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p className="text-sm">Children 5 and under accompanied by an adult get in free.</p>
          <Counter
            label="Spectator passes"
            price={prices.spectatorCost}
            count={registration.spectators}
            disabled={busy || locked}
            onChange={(add) => void passes('spectator', add)}
          />
          {sellLunch && (
            <Counter
              label="Lunch tickets"
              price={prices.lunchCost}
              count={registration.lunch}
              disabled={busy || locked}
              onChange={(add) => void passes('lunch', add)}
            />
          )}
        </CardContent>
      </Card>

      <Total registration={registration} />

      <ContactsEditor
        key={registration.contacts.map((c) => c.id).join(',')}
        registration={registration}
        locked={locked}
      />

      {!registration.isCompleted && (
        <div>
          <Button asChild size="lg">
            <Link to={`/${area}/registration/${id}/confirmation`}>Continue to confirmation</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function Counter(props: {
  label: string;
  price: number;
  count: number;
  disabled: boolean;
  onChange: (add: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex-1">
        {props.label} ({formatDollars(props.price)} each)
      </span>
      <Button
        variant="outline"
        size="icon"
        disabled={props.disabled || props.count === 0}
        onClick={() => props.onChange(false)}
        aria-label={`Remove one of ${props.label}`}
      >
        -
      </Button>
      <output aria-label={props.label} className="w-8 text-center text-lg font-semibold">
        {props.count}
      </output>
      <Button
        variant="outline"
        size="icon"
        disabled={props.disabled}
        onClick={() => props.onChange(true)}
        aria-label={`Add one of ${props.label}`}
      >
        +
      </Button>
    </div>
  );
}

export function Total({ registration }: { registration: Registration }) {
  const { tournament: p } = registration;
  return (
    <Card>
      <CardContent className="grid gap-1 pt-6">
        <p>
          {registration.competitors.length} x competitor{registration.isWalkIn ? ' at the door' : ''}{' '}
          {formatDollars(competitorPrice(p, registration.isWalkIn))} + {registration.spectators} x spectator{' '}
          {formatDollars(p.spectatorCost)}
          {registration.lunch > 0 ? ` + ${registration.lunch} x lunch ${formatDollars(p.lunchCost)}` : ''}
        </p>
        <p className="text-xl font-bold" data-testid="registration-total">
          Total: {formatDollars(registration.cost)}
        </p>
        {registration.amountPaid > 0 && (
          <p>
            Paid {formatDollars(registration.amountPaid)}, balance owing{' '}
            {formatDollars(registration.balanceOwing)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

type ContactDraft = {
  name: string;
  email: string;
  phoneNumber: string;
  sms: '' | 'yes' | 'no';
  mail: '' | 'yes' | 'no';
};
const choice = (v: boolean | null): '' | 'yes' | 'no' => (v === null ? '' : v ? 'yes' : 'no');
const fromChoice = (v: '' | 'yes' | 'no'): boolean | null => (v === '' ? null : v === 'yes');

function ContactsEditor({ registration, locked }: { registration: Registration; locked: boolean }) {
  const allowSms = useFlag('AllowSmsNotifications');
  const { showAlert, showError, clearAlert } = usePageAlert();
  const [drafts, setDrafts] = useState<ContactDraft[]>(() =>
    registration.contacts.map((c) => ({
      name: c.name,
      email: c.email,
      phoneNumber: c.phoneNumber ?? '',
      sms: choice(c.agreedToSmsDivisionNotifications),
      mail: choice(c.agreedToEmailDivisionNotifications),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (i: number, patch: Partial<ContactDraft>) =>
    setDrafts((d) => d.map((x, j) => (j === i ? { ...x, ...patch } : x)));

  async function save() {
    clearAlert();
    const contacts: ContactInput[] = drafts.map((d) => ({
      name: d.name,
      email: d.email,
      phoneNumber: d.phoneNumber || null,
      agreedToSmsDivisionNotifications: fromChoice(d.sms),
      agreedToEmailDivisionNotifications: fromChoice(d.mail),
    }));
    try {
      await saveContacts(registration.registrationId, contacts);
      setErrors({});
      invalidateRegistrations();
      showAlert('success', 'Contacts saved.');
    } catch (e) {
      const body = (e as { fieldErrors?: Record<string, string> }).fieldErrors;
      if (body) setErrors(body);
      showError(e);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Contacts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          Who should hear about this registration and about divisions coming up on the day.
        </p>
        {drafts.map((d, i) => (
          <fieldset key={i} className="grid gap-2 rounded-md border p-3" disabled={locked}>
            <legend className="px-1 text-sm font-medium">Contact {i + 1}</legend>
            <TextField
              label="Name"
              required
              value={d.name}
              error={errors[`contacts.${i}.name`]}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <TextField
              label="E-mail"
              type="email"
              required
              value={d.email}
              error={errors[`contacts.${i}.email`]}
              onChange={(e) => set(i, { email: e.target.value })}
            />
            <TextField
              label="Phone number"
              inputMode="tel"
              value={d.phoneNumber}
              error={errors[`contacts.${i}.phoneNumber`]}
              onChange={(e) => set(i, { phoneNumber: e.target.value })}
            />
            {allowSms && d.phoneNumber && (
              <label className="grid gap-1 text-sm">
                Text messages when a division is coming up
                <select
                  className="h-10 rounded-md border px-2"
                  value={d.sms}
                  onChange={(e) => set(i, { sms: e.target.value as ContactDraft['sms'] })}
                >
                  <option value="">Not chosen yet</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </select>
              </label>
            )}
            <label className="grid gap-1 text-sm">
              E-mails when a division is coming up
              <select
                className="h-10 rounded-md border px-2"
                value={d.mail}
                onChange={(e) => set(i, { mail: e.target.value as ContactDraft['mail'] })}
              >
                <option value="">Not chosen yet</option>
                <option value="yes">Yes</option>
                <option value="no">No</option>
              </select>
            </label>
            <div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDrafts((all) => all.filter((_, j) => j !== i))}
              >
                Remove contact
              </Button>
            </div>
          </fieldset>
        ))}
        {!locked && (
          <div className="flex gap-2">
            <Button
              variant="outline"
              onClick={() =>
                setDrafts((all) => [...all, { name: '', email: '', phoneNumber: '', sms: '', mail: '' }])
              }
            >
              Add contact
            </Button>
            <Button onClick={() => void save()}>Save contacts</Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
