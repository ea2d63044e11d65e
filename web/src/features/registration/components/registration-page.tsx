import { ContactsUpdateSchema, type Registration } from '@shared/contract/registration.ts';
import { competitorPrice } from '@shared/domain/costs.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { Link, useParams } from 'react-router';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDollars } from '../../../lib/format.ts';
import { getImpersonatedUserId } from '../../../lib/impersonation.ts';
import { useAction } from '../../../lib/action.ts';
import { useForm } from '../../../lib/form.ts';
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
  // Issue 17: a completed registration is changed only by a director or super admin (decision 018).
  const director = staff && (session?.user.roles ?? []).some((r) => r === 'TournamentDirector' || r === 'SuperAdmin');
  const sellLunch = useFlag('SellLunchTickets');
  const passes = useAction(
    async (kind: 'spectator' | 'lunch', add: boolean) => {
      await changePasses(kind, id, add);
      invalidateRegistrations();
    },
    // SPEC.md section 8: "Could not add spectator pass. " and the like before the error.
    { errorPrefix: (kind, add) => (add ? PASS_MESSAGES[kind].add : PASS_MESSAGES[kind].remove) },
  );
  const remove = useAction(async (competitorId: number) => {
    await deleteCompetitor(competitorId);
    invalidateRegistrations();
  });
  const busy = passes.busy || remove.busy;

  if (isLoading && !registration) return <Spinner />;
  if (!registration) return <p role="alert">{error?.message ?? 'The requested resource was not found'}</p>;
  const locked = registration.isCompleted && !director;
  const eventName = (eventId: number) =>
    options.data?.events.find((e) => e.id === eventId)?.name ?? `#${eventId}`;

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
                      onClick={() => void remove.run(c.id)}
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
            onChange={(add) => void passes.run('spectator', add)}
          />
          {sellLunch && (
            <Counter
              label="Lunch tickets"
              price={prices.lunchCost}
              count={registration.lunch}
              disabled={busy || locked}
              onChange={(add) => void passes.run('lunch', add)}
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
  const form = useForm({
    schema: ContactsUpdateSchema,
    initial: {
      contacts: registration.contacts.map((c): ContactDraft => ({
        name: c.name,
        email: c.email,
        phoneNumber: c.phoneNumber ?? '',
        sms: choice(c.agreedToSmsDivisionNotifications),
        mail: choice(c.agreedToEmailDivisionNotifications),
      })),
    },
    toInput: (v) => ({
      contacts: v.contacts.map((d) => ({
        name: d.name,
        email: d.email,
        phoneNumber: d.phoneNumber || null,
        agreedToSmsDivisionNotifications: fromChoice(d.sms),
        agreedToEmailDivisionNotifications: fromChoice(d.mail),
      })),
    }),
    onSubmit: async ({ contacts }) => {
      await saveContacts(registration.registrationId, contacts);
      invalidateRegistrations();
    },
    action: { success: 'Contacts saved.' },
  });
  const drafts = form.values.contacts;
  const setDrafts = (next: ContactDraft[]) => form.set('contacts', next);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Contacts</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void form.submit(e)} className="grid gap-4" aria-label="Contacts">
          <p className="text-sm">
            Who should hear about this registration and about divisions coming up on the day.
          </p>
          {drafts.map((d, i) => (
            <fieldset key={i} className="grid gap-2 rounded-md border p-3" disabled={locked}>
              <legend className="px-1 text-sm font-medium">Contact {i + 1}</legend>
              <TextField label="Name" required {...form.field(`contacts.${i}.name`)} />
              <TextField label="E-mail" type="email" required {...form.field(`contacts.${i}.email`)} />
              <TextField label="Phone number" inputMode="tel" {...form.field(`contacts.${i}.phoneNumber`)} />
              {allowSms && d.phoneNumber && (
                <label className="grid gap-1 text-sm">
                  Text messages when a division is coming up
                  <select
                    className="h-10 rounded-md border px-2"
                    value={d.sms}
                    onChange={(e) => form.set(`contacts.${i}.sms`, e.target.value as ContactDraft['sms'])}
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
                  onChange={(e) => form.set(`contacts.${i}.mail`, e.target.value as ContactDraft['mail'])}
                >
                  <option value="">Not chosen yet</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </select>
              </label>
              <div>
                <Button variant="ghost" size="sm" onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}>
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
                  setDrafts([...drafts, { name: '', email: '', phoneNumber: '', sms: '', mail: '' }])
                }
              >
                Add contact
              </Button>
              <Button type="submit" disabled={form.busy}>
                Save contacts
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
