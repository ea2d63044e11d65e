import { useId, type ComponentProps, type ReactNode } from 'react';
import { t } from '../../lib/i18n.tsx';
import { Select } from '../ui/select.tsx';
import { describedBy, Field } from './field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}
export type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  /** Shown under the control until an error replaces it. */
  hint?: ReactNode;
  options: readonly SelectOption[];
  /** Text of the empty first option, e.g. "Choose a province". */
  placeholder?: string;
};

export function SelectField({
  label,
  error,
  hint,
  required,
  id,
  value,
  options,
  placeholder,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <Field id={fieldId} label={label} error={error} required={required} hint={hint}>
      <Select
        id={fieldId}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...props}
      >
        <option value="">{placeholder ?? t('common.select')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
