import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { CompetitorDetailFields, EmergencyContactFields } from '@web/components/form/competitor-fields.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { type CompetitorDraft, type WalkInOptions } from './walk-in-form.ts';

// One competitor of the walk-in form: details, level, events and emergency contact.

export function CompetitorCard({
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
  const err = (k: string) => {
    const e = errors[`competitors.${i}.${k}`];
    return e && tm(e);
  };
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
    <Card aria-label={t('walkIn.competitor.title', { number: i + 1 })} data-testid="walk-in-competitor">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle as="h2">{t('walkIn.competitor.title', { number: i + 1 })}</CardTitle>
        {onRemove && (
          <Button
            type="button"
            variant="outline"
            onClick={onRemove}
            aria-label={t('walkIn.competitor.removeLabel', { number: i + 1 })}
          >
            {t('walkIn.competitor.remove')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <CompetitorDetailFields field={text} levels={o.options.competitorLevels} />
        <fieldset className="grid gap-2">
          <legend className="font-medium">{t('walkIn.competitor.events')}</legend>
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
              {e.requiresWeight ? t('walkIn.competitor.eventNeedsWeight', { event: e.name }) : e.name}
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
          {t('walkIn.competitor.guardianConsent')}
        </label>
        {err('guardianConsent') && (
          <p className="text-sm font-medium text-destructive">{err('guardianConsent')}</p>
        )}
      </CardContent>
    </Card>
  );
}
