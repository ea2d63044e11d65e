import { PHONE_FORMAT_HINT } from '@shared/domain/phone.ts';
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

const GENDERS = [
  { value: '1', label: 'Male' },
  { value: '2', label: 'Female' },
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
  const level = field('competitorLevelId', 'Competitor level', { required: true });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...field('firstName', 'First name', { required: true })} />
      <TextField {...field('lastName', 'Last name', { required: true })} />
      <TextField {...field('dateOfBirth', 'Date of birth', { required: true, type: 'date' })} />
      <SelectField {...field('gender', 'Gender', { required: true })} options={GENDERS} />
      <SelectField
        {...level}
        hint={levelHint(levels, level.value)}
        options={levels.map((l) => ({ value: String(l.id), label: l.name }))}
      />
      <TextField {...field('weightKg', 'Weight (kg)', { inputMode: 'decimal' })} />
      <TextField {...field('school', 'School or club')} />
    </div>
  );
}

export function EmergencyContactFields({ field }: { field: BindField }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...field('emergencyContactName', 'Emergency contact name', { required: true })} />
      <TextField
        {...field('emergencyContactPhone', 'Emergency contact phone', {
          required: true,
          type: 'tel',
          inputMode: 'tel',
          hint: PHONE_FORMAT_HINT,
        })}
      />
      <TextField
        {...field('emergencyContactRelationship', 'Relationship to competitor', { required: true })}
      />
    </div>
  );
}
