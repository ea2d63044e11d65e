import { useDeferredValue, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SyncPayment, SyncRegistration } from '@shared/contract/sync.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import {
  balanceText,
  changeDue,
  DOOR_MESSAGES,
  MAX_VOID_REASON,
  PAYMENT_METHOD_LABELS,
} from '@shared/domain/door.ts';
import { mayPushMutator, recordDoorPayment, voidPayment } from '@shared/domain/mutators/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { formatDollars, useTimeZone } from '../../lib/format.ts';
import { useForm } from '../../lib/form.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { BalanceBadge } from '../../components/door/balance-badge.tsx';
import { DoorRejections } from '../../components/door/door-rejections.tsx';
import { searchFamilies } from '../../components/door/family-search.ts';
import { PaymentFields } from '../../components/door/payment-fields.tsx';
import { FirstSyncNotice } from '../../sync/first-sync-notice.tsx';
import { formatTime } from '../../sync/format.ts';
import { mutate, useCheckInView, useHasSynced } from '../../sync/hooks.ts';
import type { CheckInView } from '../../sync/overlay.ts';
import { EndOfDayTotals } from './end-of-day-totals.tsx';
import { initialPaymentForm, paymentFromForm } from '../../components/door/payment-form.ts';
import { href } from '../../app/pages.ts';

// /admin/payments (issue 7): find a family as on check-in, record a door payment (cash with
// change due, card terminal, e-transfer), void one (SuperAdmin), and count the day's takings.
// Everything works from the device store, so offline too: payments queue as mutations whose
// ids are made here, so a retried or replayed payment is recorded once.

const SHOWN = 30;

export function PaymentsPage() {
  usePageMeta('Payments', 'Take door payments and count the day’s takings, online or offline.');
  const view = useCheckInView();
  const synced = useHasSynced();
  const [search, setSearch] = useSearchParams();
  const selected = Number(search.get('registration'));
  const walkInId = search.get('walkIn');

  if (!view || synced === undefined) return <p>Loading…</p>;
  // A walk-in is found by its walkInId: its id changes from provisional to the server's.
  const registration = walkInId
    ? view.registrations.find((r) => r.walkInId === walkInId)
    : Number.isInteger(selected) && selected !== 0
      ? view.registrations.find((r) => r.id === selected)
      : undefined;
  const asked = walkInId !== null || search.get('registration') !== null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-2xl font-semibold">Payments</h1>
        <Button asChild variant="outline" size="lg">
          <Link to={href('walkIn')}>Register a walk-in</Link>
        </Button>
      </div>
      <div className="grid gap-6 print:hidden">
        <DoorRejections view={view} />
        {asked && !registration && (
          <Alert variant="danger">
            This registration is not on this device. Search for the family below.
          </Alert>
        )}
        {registration ? (
          <RegistrationPayments
            key={registration.id}
            registration={registration}
            view={view}
            onBack={() => setSearch({})}
          />
        ) : (
          <FamilySearch
            view={view}
            synced={synced}
            onPick={(id) => setSearch({ registration: String(id) })}
          />
        )}
      </div>
      <EndOfDayTotals view={view} />
    </div>
  );
}

function FamilySearch({
  view,
  synced,
  onPick,
}: {
  view: CheckInView;
  synced: boolean;
  onPick: (registrationId: number) => void;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const families = searchFamilies(view.registrations, view.competitors, deferred);
  return (
    <section className="grid gap-3" aria-label="Find a registration">
      {!synced && view.registrations.length === 0 && <FirstSyncNotice />}
      <div className="grid w-full max-w-md gap-1">
        <Label htmlFor="payments-search">Search by name or confirmation code</Label>
        <Input
          id="payments-search"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {families.length === 0 && synced && <p>No registration matches.</p>}
      <ul className="grid gap-2">
        {families.slice(0, SHOWN).map(({ registration: r, competitors }) => {
          const title = `${r.familyName}, ${r.ownerFirstName}`;
          return (
            <li key={r.id}>
              <Card aria-label={title} data-testid="payments-family">
                <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-4">
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-sm text-muted-foreground">
                      {competitors.map((c) => c.firstName).join(', ') || 'No competitors'}
                      {r.confirmationCodes.length > 0 && ` · ${r.confirmationCodes.join(', ')}`}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <BalanceBadge balance={r.balanceOwing} />
                    <Button size="lg" aria-label={`Take payment from ${title}`} onClick={() => onPick(r.id)}>
                      Take payment
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      {families.length > SHOWN && (
        <p>
          Showing {SHOWN} of {families.length}: search to narrow down.
        </p>
      )}
    </section>
  );
}

function RegistrationPayments({
  registration: r,
  view,
  onBack,
}: {
  registration: SyncRegistration;
  view: CheckInView;
  onBack: () => void;
}) {
  const session = useSession();
  const mayVoid = mayPushMutator(voidPayment, session?.user.roles ?? []);
  const payments = view.payments
    .filter((p) => p.registrationId === r.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const title = `${r.familyName}, ${r.ownerFirstName}`;
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="ghost" onClick={onBack}>
          ← Find another family
        </Button>
      </div>
      <Card aria-label={title} data-testid="payments-registration">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div>
            <CardTitle as="h2">{title}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {r.confirmationCodes.length > 0
                ? `Receipt ${r.confirmationCodes.join(', ')}`
                : 'No receipt yet'}
              {r.isWalkIn && ' · Walk-in'}
            </p>
          </div>
          {view.pendingRegistrationIds.has(r.id) && <Badge variant="outline">Not yet sent</Badge>}
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* The balance is said once, in words, below (issue 19: it used to show twice). */}
          <dl className="grid grid-cols-2 gap-2 text-center">
            <Amount label="Cost" value={formatDollars(r.cost)} testId="registration-cost" />
            <Amount label="Paid" value={formatDollars(r.amountPaid)} testId="registration-paid" />
          </dl>
          <p className="text-lg font-semibold" data-testid="balance-text">
            {balanceText(r.balanceOwing)}
          </p>
          {r.id < 0 ? (
            // A provisional walk-in: nothing may be queued against its device-made id.
            <Alert role="status">
              This walk-in is not on the server yet. Further payments can be taken once it is sent.
            </Alert>
          ) : (
            <RecordPaymentForm registration={r} />
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="registration-payments" className="grid gap-2">
        <h2 id="registration-payments" className="text-xl font-semibold">
          Payments of this registration
        </h2>
        {payments.length === 0 ? (
          <p>No payment yet.</p>
        ) : (
          <ul className="grid gap-2">
            {payments.map((p) => (
              <PaymentRow
                key={p.id}
                payment={p}
                pending={view.pendingPaymentIds.has(p.id)}
                canVoid={mayVoid && !p.voided && p.method !== 'online'}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function RecordPaymentForm({ registration: r }: { registration: SyncRegistration }) {
  const [done, setDone] = useState<string | null>(null);
  // One id per payment being entered: a double tap or a retry sends the same id, which the
  // mutator records once; a fresh id is made only after the payment is queued.
  const paymentId = useRef(crypto.randomUUID());
  // Issue 17: above the balance owing needs a director's confirmation (the server checks the role).
  const session = useSession();
  const isDirector = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  const [overConfirmed, setOverConfirmed] = useState(false);
  // Paid in full: no empty form with a "Required" hint under it (issue 19); another payment
  // (a director's above the balance) is one tap away.
  const [another, setAnother] = useState(false);
  const settled = r.balanceOwing <= 0 && !another;
  const form = useForm({
    initial: initialPaymentForm(r.balanceOwing),
    check: (state) => {
      const result = paymentFromForm(state, paymentId.current);
      if (!result.ok) return { ok: false, errors: result.errors };
      // Above the balance owing only with a director's confirmation: asked here, before the
      // payment is queued (the server, which may already hold another tablet's payment for
      // this family, checks the whole cost and the director).
      const owing = Math.max(0, r.balanceOwing);
      if (result.payment.amount > owing && !(isDirector && overConfirmed))
        return { ok: false, errors: { amount: DOOR_MESSAGES.overBalance(owing) } };
      return { ok: true, data: result.payment };
    },
    showErrors: 'submitted',
    onSubmit: async (p) => {
      await mutate(recordDoorPayment, {
        ...p,
        registrationId: r.id,
        at: new Date().toISOString(),
        ...(overConfirmed && p.amount > Math.max(0, r.balanceOwing) ? { overBalanceConfirmed: true } : {}),
      });
      setOverConfirmed(false);
      const change = changeDue(p);
      setDone(
        `${PAYMENT_METHOD_LABELS[p.method]} payment of ${formatDollars(p.amount)} recorded.` +
          (change !== null ? ` Change due ${formatDollars(change)}.` : ''),
      );
      paymentId.current = crypto.randomUUID();
      setAnother(false);
      form.reset(initialPaymentForm(Math.max(0, r.balanceOwing - p.amount)));
    },
  });

  return (
    <form
      onSubmit={(e) => {
        setDone(null);
        void form.submit(e);
      }}
      className="grid gap-4 border-t pt-4"
      aria-label="Record a payment"
      noValidate
    >
      {settled ? (
        <div>
          <Button type="button" variant="outline" size="lg" onClick={() => setAnother(true)}>
            Record another payment
          </Button>
        </div>
      ) : (
        <>
          <h3 className="text-lg font-semibold">Record a payment</h3>
          <PaymentFields
            value={form.values}
            onChange={form.setValues}
            errors={{
              method: form.error('method'),
              amount: form.error('amount'),
              tendered: form.error('tendered'),
            }}
            idPrefix="payment"
          />
          {isDirector && Number(form.values.amount) > Math.max(0, r.balanceOwing) && (
            <label className="flex items-center gap-2 text-sm" data-testid="confirm-over-balance">
              <input
                type="checkbox"
                checked={overConfirmed}
                onChange={(e) => setOverConfirmed(e.target.checked)}
              />
              I confirm this payment is more than the balance owing (
              {formatDollars(Math.max(0, r.balanceOwing))}
              ).
            </label>
          )}
          <div>
            <Button type="submit" size="lg">
              Record payment
            </Button>
          </div>
        </>
      )}
      {done && (
        <Alert variant="success" role="status" data-testid="payment-recorded">
          {done}
        </Alert>
      )}
    </form>
  );
}

function PaymentRow({
  payment: p,
  pending,
  canVoid,
}: {
  payment: SyncPayment;
  pending: boolean;
  canVoid: boolean;
}) {
  const timeZone = useTimeZone();
  const change = changeDue(p);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
      data-testid="payment-row"
    >
      <div>
        <p className={p.voided ? 'font-medium line-through' : 'font-medium'}>
          {PAYMENT_METHOD_LABELS[p.method]} {formatDollars(p.amount)}
          {p.tendered !== null &&
            ` (tendered ${formatDollars(p.tendered)}, change ${formatDollars(change ?? 0)})`}
        </p>
        <p className="text-sm text-muted-foreground">
          {formatTime(p.createdAt, timeZone)}
          {p.recordedByName && ` by ${p.recordedByName}`}
        </p>
        {p.voided && (
          <p className="text-sm" data-testid="payment-voided">
            Voided{p.voidedByName ? ` by ${p.voidedByName}` : ''}: {p.voidReason}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        {pending && <Badge variant="outline">Not yet sent</Badge>}
        {p.voided && <Badge variant="danger">Voided</Badge>}
        {canVoid && <VoidButton payment={p} />}
      </div>
    </li>
  );
}

function VoidButton({ payment: p }: { payment: SyncPayment }) {
  const [open, setOpen] = useState(false);
  const label = `${PAYMENT_METHOD_LABELS[p.method]} ${formatDollars(p.amount)}`;
  // The mutator's own argument schema: the reason is required and trimmed (DOOR_MESSAGES.voidReason).
  const form = useForm({
    schema: voidPayment.args,
    initial: { paymentId: p.id, reason: '' },
    showErrors: 'submitted',
    onSubmit: (args) => confirm(args.reason),
  });
  const error = form.error('reason');

  async function confirm(text: string) {
    await mutate(voidPayment, { paymentId: p.id, reason: text });
    setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Void ${label}`}>
        Void
      </Button>
      <DialogContent>
        <form onSubmit={(e) => void form.submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Void {label}?</DialogTitle>
            <DialogDescription>
              The payment stays on record, marked voided, and the balance owing rises by{' '}
              {formatDollars(p.amount)}.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="void-reason">Reason</Label>
            <Textarea
              id="void-reason"
              rows={3}
              maxLength={MAX_VOID_REASON}
              required
              value={form.values.reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'void-reason-error' : undefined}
              onChange={(e) => form.set('reason', e.target.value)}
            />
            {error && (
              <p id="void-reason-error" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Void payment
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
