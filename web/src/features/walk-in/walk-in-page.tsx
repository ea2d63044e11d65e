import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { changeDue, MAX_WALK_IN_COMPETITORS } from '@shared/domain/door.ts';
import { registerWalkIn } from '@shared/domain/mutators/index.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatDate, formatDollars, useTimeZone } from '../../lib/format.ts';
import { useForm } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { DoorRejections } from '../../components/door/door-rejections.tsx';
import { PaymentFields } from '../../components/door/payment-fields.tsx';
import { CompetitorDetailFields, EmergencyContactFields } from '../../components/form/competitor-fields.tsx';
import { BalanceBadge } from '../../components/door/balance-badge.tsx';
import { formatTime } from '../../sync/format.ts';
import { mutate, useCheckInView, useRejections } from '../../sync/hooks.ts';
import type { CheckInView } from '../../sync/overlay.ts';
import {
  emptyCompetitor,
  formTotal,
  initialWalkInForm,
  walkInFromForm,
  type CompetitorDraft,
  type WalkInFormState,
  type WalkInOptions,
} from './walk-in-form.ts';
import { useWalkInOptions } from './walk-in-options.ts';
import { href } from '../../app/pages.ts';

// /admin/walk-in (issue 7): on tournament day staff register a person at the door (no account
// needed; door price), take payment and check in, in one form that queues ONE
// `registerWalkIn@1`, offline too. Levels, events and prices come from the device's cache.

export function WalkInPage() {
  usePageMeta('Walk-in registration', 'Register, take payment and check in a walk-in at the door.');
  const { options, error } = useWalkInOptions();
  const view = useCheckInView();
  const [submitted, setSubmitted] = useState<{ walkInId: string; mutationId: number } | null>(null);
  const [round, setRound] = useState(0);

  if (options === undefined || !view) return <p>Loading…</p>;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Walk-in registration</h1>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to={href('checkIn')}>Check-in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={href('payments')}>Payments</Link>
          </Button>
        </div>
      </div>
      <DoorRejections view={view} />
      {options === null ? (
        <Alert variant="danger" role="alert">
          <p>
            This device has not loaded the tournament’s levels, events and prices yet. Connect to the network
            once to load them.
          </p>
          {error && <p>{error}</p>}
        </Alert>
      ) : submitted ? (
        <WalkInDone
          {...submitted}
          view={view}
          onAnother={() => {
            setSubmitted(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <WalkInForm key={round} options={options} onDone={setSubmitted} />
      )}
    </div>
  );
}

function WalkInForm({
  options: o,
  onDone,
}: {
  options: WalkInOptions;
  onDone: (queued: { walkInId: string; mutationId: number }) => void;
}) {
  // Made once per walk-in: a double tap or a retry queues the same ids, registered once.
  const ids = useRef({ walkInId: crypto.randomUUID(), paymentId: crypto.randomUUID() });
  // Until staff change the amount themselves it follows the total.
  const withAmount = (f: WalkInFormState): WalkInFormState => ({
    ...f,
    payment: { ...f.payment, amount: f.amountEdited ? f.payment.amount : String(formTotal(f, o.tournament)) },
  });
  const walkIn = useForm({
    initial: initialWalkInForm(),
    // The shared rules through walkInFromForm (tested without a browser): one `registerWalkIn@1`.
    check: (f) => {
      const result = walkInFromForm(withAmount(f), o, ids.current);
      return result.ok ? { ok: true, data: result } : result;
    },
    showErrors: 'submitted',
    onSubmit: async (result) => {
      const mutationId = await mutate(registerWalkIn, result.args);
      onDone({ walkInId: ids.current.walkInId, mutationId });
    },
  });
  const form = walkIn.values;
  const setForm = (update: (f: WalkInFormState) => WalkInFormState) => walkIn.setValues(update(form));
  // Messages show after a submit, and follow what staff fix from then on.
  const errors = walkIn.submitted ? walkIn.allErrors : {};
  const total = formTotal(form, o.tournament);
  const { payment } = withAmount(form);
  const amount = payment.amount;

  const setContact = (k: keyof WalkInFormState['contact'], v: string) =>
    setForm((f) => ({ ...f, contact: { ...f.contact, [k]: v } }));
  const setCompetitor = (i: number, next: CompetitorDraft) =>
    setForm((f) => ({ ...f, competitors: f.competitors.map((c, j) => (j === i ? next : c)) }));

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form
      noValidate
      onSubmit={(e) => void walkIn.submit(e)}
      className="grid gap-6"
      aria-label="Walk-in registration"
    >
      <p className="text-sm text-muted-foreground">
        {formatDate(o.tournament.tournamentDate)} · door price{' '}
        {formatDollars(o.tournament.competitorDoorCost)} per competitor,{' '}
        {formatDollars(o.tournament.spectatorCost)} per spectator
      </p>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Contact</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="wi-contact-firstName"
            label="First name"
            required
            autoComplete="off"
            value={form.contact.firstName}
            error={errors['contact.firstName']}
            onChange={(e) => setContact('firstName', e.target.value)}
          />
          <TextField
            id="wi-contact-lastName"
            label="Last name"
            required
            autoComplete="off"
            value={form.contact.lastName}
            error={errors['contact.lastName']}
            onChange={(e) => setContact('lastName', e.target.value)}
          />
          <TextField
            id="wi-contact-email"
            label="E-mail (optional)"
            type="email"
            autoComplete="off"
            value={form.contact.email}
            error={errors['contact.email']}
            onChange={(e) => setContact('email', e.target.value)}
          />
          {form.contact.email.trim() !== '' && (
            // Issue 17: a walk-in joins an existing account only when the family says it is theirs.
            <label className="flex items-center gap-3 sm:col-span-2">
              <input
                type="checkbox"
                className="size-5"
                checked={form.attachToAccount}
                onChange={(e) => setForm((f) => ({ ...f, attachToAccount: e.target.checked }))}
              />
              The family confirmed this e-mail is their account: add this walk-in to it
            </label>
          )}
          <TextField
            id="wi-contact-phone"
            label="Phone (optional)"
            inputMode="tel"
            autoComplete="off"
            value={form.contact.phoneNumber}
            error={errors['contact.phoneNumber']}
            onChange={(e) => setContact('phoneNumber', e.target.value)}
          />
        </CardContent>
      </Card>

      {form.competitors.map((c, i) => (
        <CompetitorCard
          key={i}
          index={i}
          value={c}
          options={o}
          errors={errors}
          onChange={(next) => setCompetitor(i, next)}
          onRemove={
            form.competitors.length > 1
              ? () => setForm((f) => ({ ...f, competitors: f.competitors.filter((_, j) => j !== i) }))
              : undefined
          }
        />
      ))}
      {form.competitors.length < MAX_WALK_IN_COMPETITORS && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="lg"
            onClick={() =>
              setForm((f) => ({ ...f, competitors: [...f.competitors, emptyCompetitor(f.contact.lastName)] }))
            }
          >
            Add another competitor
          </Button>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Spectators and total</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="max-w-xs">
            <TextField
              id="wi-spectators"
              label="Spectator passes"
              inputMode="numeric"
              autoComplete="off"
              value={form.spectators}
              error={errors.spectators}
              onChange={(e) => setForm((f) => ({ ...f, spectators: e.target.value }))}
            />
          </div>
          <p className="text-xl font-semibold" data-testid="walk-in-total">
            Total at the door: {formatDollars(total)}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Payment and check-in</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <label className="flex items-center gap-3 text-base">
            <input
              type="checkbox"
              className="size-5"
              checked={form.takePayment}
              onChange={(e) => setForm((f) => ({ ...f, takePayment: e.target.checked }))}
            />
            Take payment now
          </label>
          {form.takePayment && (
            <PaymentFields
              value={payment}
              onChange={(next) =>
                setForm((f) => ({
                  ...f,
                  payment: next,
                  amountEdited: f.amountEdited || next.amount !== amount,
                }))
              }
              errors={{
                ...(errors['payment.method'] ? { method: errors['payment.method'] } : {}),
                ...(errors['payment.amount'] ? { amount: errors['payment.amount'] } : {}),
                ...(errors['payment.tendered'] ? { tendered: errors['payment.tendered'] } : {}),
              }}
              idPrefix="wi-payment"
            />
          )}
          <label className="flex items-center gap-3 text-base">
            <input
              type="checkbox"
              className="size-5"
              checked={form.checkIn}
              onChange={(e) => setForm((f) => ({ ...f, checkIn: e.target.checked }))}
            />
            Check in now
          </label>
        </CardContent>
      </Card>

      {hasErrors && (
        <Alert variant="danger" role="alert">
          Please correct the fields marked above.
        </Alert>
      )}
      <div>
        <Button type="submit" size="lg">
          Register walk-in
        </Button>
      </div>
    </form>
  );
}

function CompetitorCard({
  index: i,
  value: c,
  options: o,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  value: CompetitorDraft;
  options: WalkInOptions;
  errors: Record<string, string>;
  onChange: (next: CompetitorDraft) => void;
  onRemove: (() => void) | undefined;
}) {
  const id = (k: string) => `wi-c${i}-${k}`;
  const err = (k: string) => errors[`competitors.${i}.${k}`];
  const text = (k: keyof CompetitorDraft, label: string, extra: Record<string, unknown> = {}) => ({
    id: id(k),
    label,
    autoComplete: 'off',
    value: c[k] as string,
    error: err(k),
    onChange: (e: { target: { value: string } }) => onChange({ ...c, [k]: e.target.value }),
    ...extra,
  });
  return (
    <Card aria-label={`Competitor ${i + 1}`} data-testid="walk-in-competitor">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Competitor {i + 1}</CardTitle>
        {onRemove && (
          <Button
            type="button"
            variant="outline"
            onClick={onRemove}
            aria-label={`Remove competitor ${i + 1}`}
          >
            Remove
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <CompetitorDetailFields field={text} levels={o.options.competitorLevels} />
        <fieldset className="grid gap-2">
          <legend className="font-medium">Events</legend>
          {o.options.events.map((e) => (
            <label key={e.id} className="flex min-h-10 items-center gap-3">
              <input
                type="checkbox"
                className="size-5"
                checked={c.eventIds.includes(e.id)}
                onChange={(ev) =>
                  onChange({
                    ...c,
                    eventIds: ev.target.checked
                      ? [...c.eventIds, e.id]
                      : c.eventIds.filter((x) => x !== e.id),
                  })
                }
              />
              {e.name}
              {e.requiresWeight ? ' (weight needed)' : ''}
            </label>
          ))}
          {err('eventIds') && <p className="text-sm font-medium text-destructive">{err('eventIds')}</p>}
        </fieldset>
        <EmergencyContactFields field={text} />
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={c.guardianConsent}
            onChange={(e) => onChange({ ...c, guardianConsent: e.target.checked })}
          />
          A parent or guardian consents to this competitor taking part (needed under 18)
        </label>
        {err('guardianConsent') && (
          <p className="text-sm font-medium text-destructive">{err('guardianConsent')}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The walk-in as the device now shows it: provisional until the server's rows arrive. */
function WalkInDone({
  walkInId,
  mutationId,
  view,
  onAnother,
}: {
  walkInId: string;
  mutationId: number;
  view: CheckInView;
  onAnother: () => void;
}) {
  const timeZone = useTimeZone();
  const rejections = useRejections();
  const r = view.registrations.find((x) => x.walkInId === walkInId);
  const refused =
    view.failing.find((f) => f.mutationId === mutationId) ??
    rejections.find((x) => x.mutationId === mutationId);
  if (!r) {
    return (
      <div className="grid gap-3">
        <Alert variant={refused ? 'danger' : 'default'} role={refused ? 'alert' : 'status'}>
          {refused ? `Walk-in not registered: ${refused.message}` : 'Registering…'}
        </Alert>
        <div>
          <Button size="lg" onClick={onAnother}>
            Register another walk-in
          </Button>
        </div>
      </div>
    );
  }
  const competitors = view.competitors.filter((c) => c.registrationId === r.id);
  const pending = view.pendingRegistrationIds.has(r.id);
  // The cash taken with the walk-in: its change due stays in sight while the money is counted
  // out (issue 19: the confirmation used to leave it out).
  const cash = view.payments.find((p) => p.registrationId === r.id && !p.voided && p.tendered !== null);
  const change = cash ? changeDue(cash) : null;
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  return (
    <Card aria-label={title} data-testid="walk-in-done">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <div>
          <CardTitle as="h2">Walk-in registered: {title}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {r.confirmationCodes.length > 0
              ? `Receipt ${r.confirmationCodes.join(', ')}`
              : 'The receipt is made when this device next reaches the server.'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {pending && <Badge variant="outline">Not yet sent</Badge>}
          <BalanceBadge balance={r.balanceOwing} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p>
          Total {formatDollars(r.cost)}, paid {formatDollars(r.amountPaid)}
          {cash && cash.tendered !== null ? ` (tendered ${formatDollars(cash.tendered)})` : ''}.
        </p>
        {change !== null && (
          <p className="text-xl font-semibold" data-testid="walk-in-change-due">
            Change due {formatDollars(change)}
          </p>
        )}
        <ul className="grid gap-2">
          {competitors.map((c) => (
            <li key={c.id} className="border-t pt-2" data-testid="walk-in-competitor-status">
              <span className="font-medium">
                {c.firstName} {c.lastName}
              </span>{' '}
              <span className="text-sm text-muted-foreground">
                {c.checkedInAt ? `Checked in at ${formatTime(c.checkedInAt, timeZone)}` : 'Not checked in'}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button size="lg" onClick={onAnother}>
            Register another walk-in
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href('payments', undefined, `walkIn=${walkInId}`)}>Open in payments</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
