import { useCallback, useMemo, useState } from 'react';
import { fieldErrors } from '@tournament/shared';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';

/**
 * Form state for a settings editor, checked against the same shared schema the server uses.
 * `values` hold what the inputs show (strings, booleans, lists); `toInput` turns them into
 * the request body. A field's message shows once it has been changed, and all on submit.
 */
export function useSettingsForm<V extends Record<string, unknown>, S extends z.ZodType>(
  schema: S,
  initial: V,
  toInput: (values: V) => unknown,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const allErrors = useMemo(() => {
    const result = schema.safeParse(toInput(values));
    return result.success ? {} : fieldErrors(result.error);
  }, [schema, toInput, values]);

  const errorOf = useCallback(
    (name: string): string | undefined =>
      serverErrors[name] ?? (submitted || touched[name] ? allErrors[name] : undefined),
    [allErrors, serverErrors, submitted, touched],
  );

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
    setServerErrors((s) => {
      if (!(name in s)) return s;
      const rest = { ...s };
      delete rest[name];
      return rest;
    });
  }, []);

  /** The request body, or null (and every message shown) when it is invalid. */
  const validate = useCallback((): z.output<S> | null => {
    setSubmitted(true);
    const result = schema.safeParse(toInput(values));
    return result.success ? result.data : null;
  }, [schema, toInput, values]);

  /** Keeps a 400 answer's field messages beside their fields. */
  const takeServerErrors = useCallback((error: unknown) => {
    if (error instanceof ApiError) setServerErrors(error.fieldErrors);
  }, []);

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return { values, set, errorOf, validate, takeServerErrors, reset };
}

/** Text input binding for string values. */
export function textBinding<V extends Record<string, unknown>>(
  form: {
    values: V;
    set: <K extends keyof V & string>(name: K, value: V[K]) => void;
    errorOf: (n: string) => string | undefined;
  },
  name: keyof V & string,
) {
  return {
    name,
    value: String(form.values[name] ?? ''),
    error: form.errorOf(name),
    onChange: (e: { target: { value: string } }) => form.set(name, e.target.value as V[typeof name]),
  };
}
