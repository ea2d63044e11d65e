import { ContactsUpdateSchema, type ContactInput, type Registration } from '@shared/contract/registration.ts';
import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import { competitorPrice } from '@shared/domain/costs.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
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
  refreshRegistrations,
  saveContacts,
  setRegistration as setQueryData,
  showPassCount,
  useRegistration,
  useRegistrationOptions,
} from '../api/registration.ts';
import { href } from '../../../app/pages.ts';

export type Area = 'customer' | 'admin';

const PASS_MESSAGES = {
  spectator: { add: MESSAGES.addSpectator, remove: MESSAGES.removeSpectator },
  lunch: { add: MESSAGES.addLunch, remove: MESSAGES.removeLunch },
} as const;

/** `/{customer|admin}/registration/{id}`: competitors, spectator passes, lunch tickets, total, contacts. */
export function RegistrationPage({ area = 'customer' }: { area?: Area }) {
  usePageMeta('Online Registration', 'Register competitors, spectator passes and lunch tickets.');
  const id = Number(useParams().registrationId);
  const navigate = useNavigate();
  const { data: registration, error, isLoading } = useRegistration(id);
  const options = useRegistrationOptions(registration?.tournamentId);
  const session = useSession();
  // While a director views as the customer, the page follows the customer's rules (decision 014).
  const staff = isStaff(session) && getImpersonatedUserId() === null;
  // Issue 17: a completed registration is changed only by a director or super admin (decision 018).
  const director = staff && hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  const sellLunch = useFlag('SellLunchTickets');
  // Issue 19: a count changes in place; the page stays, scrolled where it was, focus on the button.
  const passes = useAction(
    async (kind: 'spectator' | 'lunch', add: boolean) => {
      const count = await changePasses(kind, id, add);
      showPassCount(id, kind, count);
      refreshRegistrations();
    },
    // SPEC.md section 8: "Could not add spectator pass. " and the like before the error.
    { errorPrefix: (kind, add) => (add ? PASS_MESSAGES[kind].add : PASS_MESSAGES[kind].remove) },
  );
  const [removing, setRemoving] = useState<Registration['competitors'][number] | null>(null);
  const remove = useAction(
    async (competitor: Registration['competitors'][number]) => {
      const updated = await deleteCompetitor(competitor.id);
      setQueryData(id, updated);
      refreshRegistrations();
      setRemoving(null);
      return competitor;
    },
    { success: (c) => `${c.firstName} ${c.lastName} was removed.`, successAs: 'toast' },
  );
  const contacts = useRef<ContactsHandle | null>(null);
  const proceed = useAction(async () => {
    // One way of saving on this page: contacts save as they are typed; what is still unsaved
    // saves now, and contacts that cannot be saved yet keep the family here with the reasons.
    if (contacts.current && !(await contacts.current.flush())) return;
    await navigate(`/${area}/registration/${id}/confirmation`);
  });

  if (isLoading && !registration) return <Spinner />;
  if (!registration) return <p role="alert">{error?.message ?? 'The requested resource was not found'}</p>;
  const locked = registration.isCompleted && !director;
  const eventName = (eventId: number) =>
    options.data?.events.find((e) => e.id === eventId)?.name ?? `#${eventId}`;

  const { tournament: prices } = registration;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      {/* No internal id in the title (issue 19): families have one registration at a time. */}
      <h1 className="text-2xl font-bold">Online Registration</h1>
      {registration.isCompleted && (
        <p role="status" className="rounded-md border p-3">
          This registration is complete.{' '}
          {registration.receipt && <Link to={href('receipt', { registrationId: id })}>View the receipt</Link>}
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
                    <Button asChild variant="outline" className="h-11">
                      <Link
                        to={`/${area}/registration/${id}/competitor/${c.id}`}
                        aria-label={`Edit ${c.firstName}`}
                      >
                        Edit
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      className="h-11 border-destructive/60 text-destructive hover:bg-destructive/10 hover:text-destructive"
                      onClick={() => setRemoving(c)}
                      aria-label={`Delete ${c.firstName}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          {!locked && (
            <div>
              <Button asChild size="lg">
                <Link to={`/${area}/registration/${id}/competitor`}>Add competitor</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      <Dialog open={removing !== null} onOpenChange={(open) => !open && !remove.busy && setRemoving(null)}>
        {removing && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                Delete {removing.firstName} {removing.lastName}?
              </DialogTitle>
              <DialogDescription>
                Their details and events are taken off this registration. This cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter className="flex-wrap">
              <DialogClose asChild>
                <Button variant="outline" className="h-11" disabled={remove.busy}>
                  Keep {removing.firstName}
                </Button>
              </DialogClose>
              <Button
                variant="destructive"
                className="h-11"
                disabled={remove.busy}
                onClick={() => void remove.run(removing)}
              >
                Delete {removing.firstName}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>

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
            disabled={locked}
            onChange={(add) => void passes.run('spectator', add)}
          />
          {sellLunch && (
            <Counter
              label="Lunch tickets"
              price={prices.lunchCost}
              count={registration.lunch}
              disabled={locked}
              onChange={(add) => void passes.run('lunch', add)}
            />
          )}
        </CardContent>
      </Card>

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
            Continue to confirmation
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A count with - and + buttons. They stay enabled while a change runs (a second press is
 * ignored by the action) and when the count is 0 (marked aria-disabled): a disabled button
 * would drop the keyboard focus (issue 19).
 */
function Counter(props: {
  label: string;
  price: number;
  count: number;
  disabled: boolean;
  onChange: (add: boolean) => void;
}) {
  const none = props.disabled || props.count === 0;
  return (
    <div className="flex items-center gap-3">
      <span className="flex-1">
        {props.label} ({formatDollars(props.price)} each)
      </span>
      <Button
        variant="outline"
        size="icon"
        className="size-11 aria-disabled:opacity-60"
        aria-disabled={none || undefined}
        onClick={() => !none && props.onChange(false)}
        aria-label={`Remove one of ${props.label}`}
      >
        <Minus aria-hidden="true" />
      </Button>
      <output aria-label={props.label} aria-live="polite" className="w-8 text-center text-lg font-semibold">
        {props.count}
      </output>
      <Button
        variant="outline"
        size="icon"
        className="size-11 aria-disabled:opacity-60"
        aria-disabled={props.disabled || undefined}
        onClick={() => !props.disabled && props.onChange(true)}
        aria-label={`Add one of ${props.label}`}
      >
        <Plus aria-hidden="true" />
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

/** What the page asks of the contacts before it moves on: save what is unsaved, or say why not. */
export interface ContactsHandle {
  /** True once everything typed is saved; false (messages shown, focus on the first) when it cannot be. */
  flush: () => Promise<boolean>;
}

const EMPTY_CONTACT: ContactDraft = { name: '', email: '', phoneNumber: '', sms: '', mail: '' };

function toContactsInput(drafts: readonly ContactDraft[]) {
  return {
    contacts: drafts.map((d) => ({
      name: d.name,
      email: d.email,
      phoneNumber: d.phoneNumber || null,
      agreedToSmsDivisionNotifications: fromChoice(d.sms),
      agreedToEmailDivisionNotifications: fromChoice(d.mail),
    })),
  };
}

/** The contacts as saved: what the server would store for these drafts, or null while they cannot be. */
function savable(drafts: readonly ContactDraft[]): string | null {
  const parsed = ContactsUpdateSchema.safeParse(toContactsInput(drafts));
  return parsed.success ? JSON.stringify(parsed.data.contacts) : null;
}

/** Typed contacts kept on the device until saved, so leaving and coming back loses nothing. */
const draftKey = (registrationId: number) => `nomac:contacts-draft:${registrationId}`;
function readDraft(registrationId: number): ContactDraft[] | null {
  try {
    const text = sessionStorage.getItem(draftKey(registrationId));
    return text ? (JSON.parse(text) as ContactDraft[]) : null;
  } catch {
    return null;
  }
}
function writeDraft(registrationId: number, drafts: ContactDraft[] | null): void {
  try {
    if (drafts) sessionStorage.setItem(draftKey(registrationId), JSON.stringify(drafts));
    else sessionStorage.removeItem(draftKey(registrationId));
  } catch {
    // Private browsing without storage: autosave still runs.
  }
}

type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

/**
 * The registration's contacts, saved as they are typed like everything else on the page
 * (issue 19, decision 027): when a field is left or a choice made, the contacts save if they
 * are complete; until then they are kept on the device and the page says they are not saved.
 */
function ContactsEditor({
  registration,
  locked,
  handle,
}: {
  registration: Registration;
  locked: boolean;
  handle: RefObject<ContactsHandle | null>;
}) {
  const allowSms = useFlag('AllowSmsNotifications');
  const registrationId = registration.registrationId;
  const fromServer = (): ContactDraft[] =>
    registration.contacts.map((c) => ({
      name: c.name,
      email: c.email,
      phoneNumber: c.phoneNumber ?? '',
      sms: choice(c.agreedToSmsDivisionNotifications),
      mail: choice(c.agreedToEmailDivisionNotifications),
    }));
  const [initial] = useState(() => {
    const server = fromServer();
    return { server: savable(server), drafts: (!locked && readDraft(registrationId)) || server };
  });
  /** The contacts last saved (or loaded), as the server keeps them. */
  const saved = useRef(initial.server);
  const save = useAction(async (body: string) => {
    await saveContacts(registrationId, JSON.parse(body) as ContactInput[]);
    saved.current = body;
    refreshRegistrations();
  });
  const form = useForm({
    schema: ContactsUpdateSchema,
    initial: { contacts: initial.drafts },
    toInput: (v) => toContactsInput(v.contacts),
    onSubmit: async (_checked, values) => {
      const body = savable(values.contacts);
      if (body !== null && body !== saved.current) await save.run(body);
    },
  });
  const drafts = form.values.contacts;
  const current = savable(drafts);
  const state: SaveState = save.busy
    ? 'saving'
    : save.error
      ? 'failed'
      : current !== null && current === saved.current
        ? 'saved'
        : 'unsaved';

  // Keep what is typed on the device until it is saved.
  useEffect(() => {
    if (locked) return;
    writeDraft(registrationId, state === 'saved' ? null : drafts);
  }, [drafts, state, registrationId, locked]);

  // A save asked for (a field left, a choice made) runs once the values it should send are rendered.
  const [saveAsked, setSaveAsked] = useState(0);
  // One save at a time: a save asked for while another runs waits for it, then sends the
  // contacts if they still differ, so "Continue" never finds the action busy and gives up.
  const inFlight = useRef<Promise<unknown> | null>(null);
  const { run: runAction } = save;
  const run = useCallback(
    async (body: string): Promise<{ ok: boolean }> => {
      while (inFlight.current) await inFlight.current;
      if (body === saved.current) return { ok: true };
      const promise = runAction(body);
      inFlight.current = promise;
      try {
        return await promise;
      } finally {
        if (inFlight.current === promise) inFlight.current = null;
      }
    },
    [runAction],
  );
  useEffect(() => {
    if (saveAsked === 0 || locked || current === null || current === saved.current) return;
    void run(current);
  }, [saveAsked, current, locked, run]);
  const askSave = () => setSaveAsked((n) => n + 1);

  // Leaving the page (a link, the back button) saves what can be saved.
  const latest = useRef({ current, locked, run });
  latest.current = { current, locked, run };
  useEffect(
    () => () => {
      const { current: body, locked: wasLocked, run: runSave } = latest.current;
      if (!wasLocked && body !== null && body !== saved.current) void runSave(body);
    },
    [],
  );
  // Closing the tab with contacts not saved yet: the browser asks first.
  useEffect(() => {
    if (state !== 'unsaved' && state !== 'failed') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  const { submit } = form;
  useImperativeHandle(
    handle,
    () => ({
      flush: async () => {
        if (locked) return true;
        if (current === null) {
          // Shows every message and puts the focus on the first.
          await submit();
          return false;
        }
        return (await run(current)).ok;
      },
    }),
    [locked, current, submit, run],
  );

  const setDrafts = (next: ContactDraft[]) => {
    form.set('contacts', next);
    askSave();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Contacts</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(e) => void form.submit(e)}
          onBlur={askSave}
          className="grid gap-4"
          aria-label="Contacts"
        >
          <p className="text-sm">
            Who should hear about this registration and about divisions coming up on the day. Changes save as
            you go.
          </p>
          {drafts.map((d, i) => (
            <fieldset key={i} className="grid gap-2 rounded-md border p-3" disabled={locked}>
              <legend className="px-1 text-sm font-medium">Contact {i + 1}</legend>
              <TextField label="Name" required autoComplete="name" {...form.field(`contacts.${i}.name`)} />
              <TextField
                label="E-mail"
                type="email"
                required
                autoComplete="email"
                {...form.field(`contacts.${i}.email`)}
              />
              <TextField
                label="Phone number"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                hint={PHONE_FORMAT_HINT}
                {...form.field(`contacts.${i}.phoneNumber`)}
              />
              {allowSms && d.phoneNumber && (
                <label className="grid gap-1 text-sm">
                  Text messages when a division is coming up
                  <select
                    className="h-11 rounded-md border px-2"
                    value={d.sms}
                    onChange={(e) => {
                      form.set(`contacts.${i}.sms`, e.target.value as ContactDraft['sms']);
                      askSave();
                    }}
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
                  className="h-11 rounded-md border px-2"
                  value={d.mail}
                  onChange={(e) => {
                    form.set(`contacts.${i}.mail`, e.target.value as ContactDraft['mail']);
                    askSave();
                  }}
                >
                  <option value="">Not chosen yet</option>
                  <option value="yes">Yes</option>
                  <option value="no">No</option>
                </select>
              </label>
              {!locked && (
                <div>
                  <Button
                    variant="ghost"
                    className="h-11"
                    onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
                  >
                    Remove contact {i + 1}
                  </Button>
                </div>
              )}
            </fieldset>
          ))}
          {!locked && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                className="h-11"
                onClick={() => form.set('contacts', [...drafts, EMPTY_CONTACT])}
              >
                Add contact
              </Button>
              <p role="status" className="text-sm text-muted-foreground" data-testid="contacts-save-state">
                {state === 'saving'
                  ? 'Saving...'
                  : state === 'saved'
                    ? drafts.length > 0
                      ? 'Contacts saved.'
                      : ''
                    : state === 'failed'
                      ? 'Contacts not saved: see the message above.'
                      : 'Not saved yet: fill in the name and e-mail.'}
              </p>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
