import type { ReactNode } from 'react';
import { tm } from '../../lib/i18n.tsx';
import { Label } from '../ui/label.tsx';

/**
 * Label, control and error text together (docs/product.md §5): the error shows beside the
 * field. A required field is marked by the asterisk (and the control's `required`, which
 * screen readers announce); its "Value is required" message comes from the form once the
 * field was left or a submit was tried, not before anything is typed (decision 027). A hint
 * (the expected format, a choice's description) shows until there is an error to show.
 */
export function Field({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {tm(error)}
        </p>
      ) : (
        hint && (
          <div id={`${id}-hint`} className="text-sm text-muted-foreground">
            {typeof hint === 'string' ? tm(hint) : hint}
          </div>
        )
      )}
    </div>
  );
}

export function describedBy(id: string, error: string | undefined, hint: ReactNode) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
