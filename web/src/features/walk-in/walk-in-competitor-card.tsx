import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { CompetitorDetailFields, EmergencyContactFields } from '@web/components/form/competitor-fields.tsx';
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
