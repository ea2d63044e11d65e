import { useRef } from 'react';
import { MAX_WALK_IN_COMPETITORS } from '@shared/domain/door.ts';
import { registerWalkIn } from '@shared/domain/mutators/index.ts';
import { LanguageChoice } from '@web/components/form/language-choice.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { Alert } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { currentLocale, t, tm, useFormat } from '@web/lib/i18n.tsx';
import { useForm } from '@web/lib/form.ts';
import { PaymentFields } from '@web/components/door/payment-fields.tsx';
import { mutate } from '@web/sync/hooks.ts';
import {
  emptyCompetitor,
  formTotal,
  initialWalkInForm,
  walkInFromForm,
  type CompetitorDraft,
  type WalkInFormState,
  type WalkInOptions,
} from './walk-in-form.ts';
import { CompetitorCard } from './walk-in-competitor-card.tsx';

// The walk-in page's form region: the family, its competitors, the payment, and the one mutation they queue.

export function WalkInForm({
  options: o,
  onDone,
}: {
  options: WalkInOptions;
  onDone: (queued: { walkInId: string; mutationId: number }) => void;
}) {
  // Made once per walk-in: a double tap or a retry queues the same ids, registered once.
  const format = useFormat();
  const ids = useRef({ walkInId: crypto.randomUUID(), paymentId: crypto.randomUUID() });
  // Until staff change the amount themselves it follows the total.
  const withAmount = (f: WalkInFormState): WalkInFormState => ({
    ...f,
    payment: { ...f.payment, amount: f.amountEdited ? f.payment.amount : String(formTotal(f, o.tournament)) },
  });
  const walkIn = useForm({
    initial: initialWalkInForm(currentLocale()),
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
  const errors: Record<string, string> = walkIn.submitted
    ? Object.fromEntries(Object.entries(walkIn.allErrors).map(([k, v]) => [k, tm(v)]))
    : {};
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
      aria-label={t('walkIn.form.label')}
    >
      <p className="text-sm text-muted-foreground">
        {t('walkIn.form.prices', {
          date: format.date(o.tournament.tournamentDate),
          competitor: format.money(o.tournament.competitorDoorCost),
          spectator: format.money(o.tournament.spectatorCost),
        })}
      </p>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('walkIn.form.contact')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="wi-contact-firstName"
            label={t('walkIn.form.firstName')}
            required
            autoComplete="off"
            value={form.contact.firstName}
            error={errors['contact.firstName']}
            onChange={(e) => setContact('firstName', e.target.value)}
          />
          <TextField
            id="wi-contact-lastName"
            label={t('walkIn.form.lastName')}
            required
            autoComplete="off"
            value={form.contact.lastName}
            error={errors['contact.lastName']}
            onChange={(e) => setContact('lastName', e.target.value)}
          />
          <TextField
            id="wi-contact-email"
            label={t('walkIn.form.email')}
            type="email"
            autoComplete="off"
            value={form.contact.email}
            error={errors['contact.email']}
            onChange={(e) => setContact('email', e.target.value)}
          />
          {form.contact.email.trim() !== '' && (
            // A walk-in joins an existing account only when the family says it is theirs (decision 018).
            <label className="flex items-center gap-3 sm:col-span-2">
              <input
                type="checkbox"
                className="size-5"
                checked={form.attachToAccount}
                onChange={(e) => setForm((f) => ({ ...f, attachToAccount: e.target.checked }))}
              />
              {t('walkIn.form.attachToAccount')}
            </label>
          )}
          <TextField
            id="wi-contact-phone"
            label={t('walkIn.form.phone')}
            inputMode="tel"
            autoComplete="off"
            value={form.contact.phoneNumber}
            error={errors['contact.phoneNumber']}
            onChange={(e) => setContact('phoneNumber', e.target.value)}
          />
          <LanguageChoice
            name="walk-in-language"
            legend={t('walkIn.form.language')}
            hint={t('walkIn.form.languageHint')}
            value={form.language}
            onChange={(language) => setForm((f) => ({ ...f, language }))}
            className="sm:col-span-2"
            testId="walk-in-language"
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
            {t('walkIn.form.addCompetitor')}
          </Button>
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('walkIn.form.spectatorsTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="max-w-xs">
            <TextField
              id="wi-spectators"
              label={t('walkIn.form.spectators')}
              inputMode="numeric"
              autoComplete="off"
              value={form.spectators}
              error={errors.spectators}
              onChange={(e) => setForm((f) => ({ ...f, spectators: e.target.value }))}
            />
          </div>
          <p className="text-xl font-semibold" data-testid="walk-in-total">
            {t('walkIn.form.total', { amount: format.money(total) })}
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('walkIn.form.paymentTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <label className="flex items-center gap-3 text-base">
            <input
              type="checkbox"
              className="size-5"
              checked={form.takePayment}
              onChange={(e) => setForm((f) => ({ ...f, takePayment: e.target.checked }))}
            />
            {t('walkIn.form.takePayment')}
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
            {t('walkIn.form.checkIn')}
          </label>
        </CardContent>
      </Card>

      {hasErrors && (
        <Alert variant="danger" role="alert">
          {t('walkIn.form.correctFields')}
        </Alert>
      )}
      <div>
        <Button type="submit" size="lg">
          {t('walkIn.form.submit')}
        </Button>
      </div>
    </form>
  );
}
