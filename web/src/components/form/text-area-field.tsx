import { useId, type ComponentProps } from 'react';
import { Textarea } from '../ui/textarea.tsx';
import { describedBy, Field } from './field.tsx';

export type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined };

export function TextAreaField({ label, error, required, id, value, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const empty = value === undefined || value === null || String(value).trim() === '';
  return (
    <Field id={fieldId} label={label} error={error} required={required} empty={empty}>
      <Textarea
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
