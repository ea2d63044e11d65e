import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { fieldErrors } from '@tournament/shared';
import type { z } from 'zod';

/**
 * Form state checked against a shared schema (SPEC.md section 5): a field shows its
 * message once the user has typed in it or left it, and every field on submit. The
 * browser's own validity (required, type="email") is checked first by the form itself.
 */
export function useValidatedForm<S extends z.ZodType>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const allErrors = useMemo(() => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error);
  }, [schema, values]);

  const errors = useMemo(() => {
    const shown: Record<string, string> = {};
    for (const [name, message] of Object.entries({ ...allErrors, ...serverErrors })) {
      if (touched[name] || serverErrors[name]) shown[name] = message;
    }
    return shown;
  }, [allErrors, serverErrors, touched]);

  const bind = useCallback(
    (name: string) => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
        const { value } = e.target;
        setValues((v) => ({ ...v, [name]: value }));
        setTouched((t) => ({ ...t, [name]: true }));
        setServerErrors((s) => {
          if (!(name in s)) return s;
          const rest = { ...s };
          delete rest[name];
          return rest;
        });
      },
      onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    }),
    [values, errors],
  );

  /** Marks every field touched; answers the parsed values, or null when invalid. */
  const validate = useCallback((): z.output<S> | null => {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
    const result = schema.safeParse(values);
    return result.success ? result.data : null;
  }, [schema, values]);

  return {
    values,
    errors,
    isValid: Object.keys(allErrors).length === 0,
    bind,
    validate,
    setServerErrors,
    reset: () => {
      setValues(initial);
      setTouched({});
    },
  };
}
