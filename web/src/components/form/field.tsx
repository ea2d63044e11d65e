import type { ReactNode } from 'react';
import { Label } from '../ui/label.tsx';

/**
 * Label, control and error text together (SPEC.md section 5): the error shows beside the
 * field, and an empty required field is marked as required.
 */
export function Field({
  id,
  label,
  error,
  required,
  empty,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean | undefined;
  empty: boolean;
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
          {error}
        </p>
      ) : (
        required &&
        empty && (
          <p id={`${id}-required`} className="text-xs text-muted-foreground">
            Required
          </p>
        )
      )}
    </div>
  );
}

export function describedBy(id: string, error: string | undefined, required: boolean | undefined, empty: boolean) {
  if (error) return `${id}-error`;
  if (required && empty) return `${id}-required`;
  return undefined;
}
