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

/** Name, date of birth, gender, level, weight and school: what the competitor page and the walk-in desk ask. */
export function CompetitorDetailFields({
  field,
  levels,
}: {
  field: BindField;
  levels: readonly { id: number; name: string }[];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...field('firstName', 'First name', { required: true })} />
      <TextField {...field('lastName', 'Last name', { required: true })} />
      <TextField {...field('dateOfBirth', 'Date of birth', { required: true, type: 'date' })} />
      <SelectField {...field('gender', 'Gender', { required: true })} options={GENDERS} />
      <SelectField
        {...field('competitorLevelId', 'Competitor level', { required: true })}
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
        {...field('emergencyContactPhone', 'Emergency contact phone', { required: true, inputMode: 'tel' })}
      />
      <TextField
        {...field('emergencyContactRelationship', 'Relationship to competitor', { required: true })}
      />
    </div>
  );
}
