import { useId, type ComponentProps, type ReactNode } from 'react';
import { Textarea } from '../ui/textarea.tsx';
import { describedBy, Field } from './field.tsx';

export type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  /** Shown under the control until an error replaces it: the expected format, a choice's description. */
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, required, id, value, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <Field id={fieldId} label={label} error={error} required={required} hint={hint}>
      <Textarea
        id={fieldId}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      />
    </Field>
  );
}
