import { useId, type ComponentProps } from 'react';
import { Input } from '../ui/input.tsx';
import { describedBy, Field } from './field.tsx';

export type TextFieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined };

export function TextField({ label, error, required, id, value, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const empty = value === undefined || value === null || String(value).trim() === '';
  return (
    <Field id={fieldId} label={label} error={error} required={required} empty={empty}>
      <Input
        id={fieldId}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, required, empty)}
        {...props}
      />
    </Field>
  );
}
