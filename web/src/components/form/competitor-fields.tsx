import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t } from '../../lib/i18n.tsx';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

/** The competitor fields a person types or picks (events and consent are checkboxes, bound apart). */
export type CompetitorTextField =
  | 'firstName'
  | 'lastName'
  | 'dateOfBirth'
  | 'gender'
  | 'competitorLevelId'
  | 'weightKg'
  | 'school'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'emergencyContactRelationship';

/** One field's props: the form's value, error and change handler, the label, and any extra input props. */
export type BindField = (
  name: CompetitorTextField,
  label: string,
  extra?: Record<string, unknown>,
) => {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
} & Record<string, unknown>;

const GENDERS: readonly { value: string; label: MessageKey }[] = [
  { value: '1', label: 'common.competitor.male' },
  { value: '2', label: 'common.competitor.female' },
];

/** A competitor level as the forms offer it; the description is set in settings (decision 027). */
export interface LevelChoice {
  id: number;
  name: string;
  description?: string | undefined;
}

/**
 * What the levels mean, under the level field: every described level before one is chosen
 * (a family compares them), then the chosen one's.
 */
function levelHint(levels: readonly LevelChoice[], chosen: string) {
  const described = levels.filter((l) => l.description);
  if (described.length === 0) return undefined;
  const picked = described.find((l) => String(l.id) === chosen);
  if (picked) return picked.description;
  return (
    <ul className="grid gap-0.5">
      {described.map((l) => (
        <li key={l.id}>
          <strong className="font-medium">{l.name}</strong>: {l.description}
        </li>
      ))}
    </ul>
  );
}

/** Name, date of birth, gender, level, weight and school: what the competitor page and the walk-in desk ask. */
export function CompetitorDetailFields({
  field,
  levels,
}: {
  field: BindField;
  levels: readonly LevelChoice[];
}) {
  const level = field('competitorLevelId', t('common.competitor.level'), { required: true });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...field('firstName', t('common.field.firstName'), { required: true })} />
      <TextField {...field('lastName', t('common.field.lastName'), { required: true })} />
      <TextField
        {...field('dateOfBirth', t('common.competitor.dateOfBirth'), { required: true, type: 'date' })}
      />
      <SelectField
        {...field('gender', t('common.competitor.gender'), { required: true })}
        options={GENDERS.map((g) => ({ value: g.value, label: t(g.label) }))}
      />
      <SelectField
        {...level}
        hint={levelHint(levels, level.value)}
        options={levels.map((l) => ({ value: String(l.id), label: l.name }))}
      />
      <TextField {...field('weightKg', t('common.competitor.weight'), { inputMode: 'decimal' })} />
      <TextField {...field('school', t('common.competitor.school'))} />
    </div>
  );
}

export function EmergencyContactFields({ field }: { field: BindField }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...field('emergencyContactName', t('common.competitor.emergencyName'), { required: true })}
      />
      <TextField
        {...field('emergencyContactPhone', t('common.competitor.emergencyPhone'), {
          required: true,
          type: 'tel',
          inputMode: 'tel',
          hint: PHONE_FORMAT_HINT,
        })}
      />
      <TextField
        {...field('emergencyContactRelationship', t('common.competitor.relationship'), { required: true })}
      />
    </div>
  );
}
