import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useAction, type ActionOptions } from './action.ts';
import { ApiError } from './api-client.ts';
import { tm } from './i18n.tsx';

// One way to build a form on the web (decision 019): values typed from what the inputs show,
// checked against the shared zod schema the server also uses, as the user types. A field's
// message shows once it was changed or left, every message after a submit (docs/product.md §5);
// a 400 answer's `errors` (section 8) show beside their fields until those are edited; the
// submit runs through `useAction` (busy, page alert). zod is only a type here: pages that use
// a form already load their schema, and the main bundle stays free of it (web/vite.config.ts).

/** Messages keyed by field path ("email", "contacts.0.phoneNumber"), as `fieldErrors` makes them. */
export type FieldErrors = Record<string, string>;

/** The values checked: the data to send, or the messages to show. */
export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;

/** Every path into the values: "email", "flags", "flags.MailingListTab", "schedule.0.line1". */
export type FieldPath<V> = V extends Leaf
  ? never
  : V extends readonly (infer E)[]
    ? `${number}` | (E extends Leaf ? never : `${number}.${FieldPath<E>}`)
    : {
        [K in keyof V & string]: K | (V[K] extends Leaf ? never : `${K}.${FieldPath<V[K]>}`);
      }[keyof V & string];

/** The value at a path. */
export type FieldValue<V, P extends string> = P extends `${infer K}.${infer Rest}`
  ? V extends readonly (infer E)[]
    ? FieldValue<E, Rest>
    : K extends keyof V
      ? FieldValue<V[K], Rest>
      : never
  : V extends readonly (infer E)[]
    ? E
    : P extends keyof V
      ? V[P]
      : never;

/** The paths whose value is of type X (text inputs bind strings, checkboxes booleans). */
export type PathTo<V, X> =
  FieldPath<V> extends infer P
    ? P extends string
      ? FieldValue<V, P> extends X
        ? P
        : never
      : never
    : never;

interface CommonOptions<V, T> {
  /** What the inputs show at first: strings for text and numbers, booleans, lists. */
  initial: V;
  /** Sends the checked data; a throw keeps the form as typed (see `action`). */
  onSubmit: (data: T, values: V) => Promise<unknown> | unknown;
  /**
   * Check the browser's own validity (required, type="email") before the shared rules; a refusal
   * still shows every field's message. The form is `noValidate`, so that its submit runs.
   */
  nativeValidity?: boolean;
  /**
   * When messages show: 'touched' (default) once a field was changed or left, and all after a
   * submit; 'submitted' only after a submit (door forms: staff type fast, and half-typed cash
   * is not wrong yet), then live.
   */
  showErrors?: 'touched' | 'submitted';
  /** How a failed `onSubmit` is reported (default: the page alert) and any success text. */
  action?: ActionOptions<unknown, [data: T, values: V]>;
}

interface SchemaOptions<V, S extends z.ZodType> extends CommonOptions<V, z.output<S>> {
  schema: S;
  /** The request body the values make (numbers from text, ids from choices); default: the values. */
  toInput?: (values: V) => unknown;
  /** Rules beyond the schema (a tournament's competitor rules); a field's schema message comes first. */
  rules?: (values: V) => FieldErrors;
}

interface CheckOptions<V, T> extends CommonOptions<V, T> {
  /** For forms whose data is made by a tested pure function (door payment, walk-in). */
  check: (values: V) => Checked<T>;
}

export interface TextBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (e: { target: { value: string } }) => void;
  onBlur: () => void;
}

export interface Form<V> {
  values: V;
  /** Every message the values have now, shown or not. */
  allErrors: FieldErrors;
  isValid: boolean;
  /** A submit was tried (every message shows from then on). */
  submitted: boolean;
  busy: boolean;
  /** The message shown beside a field: the server's first, then the rules' once touched or submitted. */
  error: (path: FieldPath<V>) => string | undefined;
  set: <P extends FieldPath<V>>(path: P, value: FieldValue<V, P>) => void;
  /** Takes new values from a component that edits several fields (door payment fields): the changed ones count as touched. */
  setValues: (next: V) => void;
  /** Marks a field as touched without changing it (a choice that makes another field matter). */
  touch: (path: FieldPath<V>) => void;
  /** Props for TextField, SelectField and TextAreaField. */
  field: (path: PathTo<V, string>) => TextBinding;
  /** Props for a checkbox bound to a boolean. */
  checkbox: (path: PathTo<V, boolean>) => { checked: boolean; onChange: (checked: boolean) => void };
  /** The form's onSubmit: native validity, the rules, then `onSubmit` while busy. */
  submit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Puts the form back to `next` (or the initial values) with nothing touched. */
  reset: (next?: V) => void;
  setServerErrors: (errors: FieldErrors) => void;
}

/** Messages of a zod error, first per field path ("_" for the whole), as shared `fieldErrors`. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Messages for the screen: a schema's or a rule's message is often a message reference
 * (shared `msg()`, decision 037), shown in the page's language; any other text as it is.
 */
function translated(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) out[key] = tm(message);
  return out;
}

function getAt(values: unknown, path: string): unknown {
  let at: unknown = values;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function setAt<V>(values: V, path: string, value: unknown): V {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const next = rest.length ? setAt(getAt(values, key), rest.join('.'), value) : value;
  if (Array.isArray(values)) return values.map((v, i) => (String(i) === key ? next : v)) as V;
  return { ...(values as object), [key]: next } as V;
}

const within = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

export function useForm<V extends object, S extends z.ZodType>(options: SchemaOptions<V, S>): Form<V>;
export function useForm<V extends object, T>(options: CheckOptions<V, T>): Form<V>;
export function useForm<V extends object, T>(
  options: SchemaOptions<V, z.ZodType> | CheckOptions<V, T>,
): Form<V> {
  const [values, setValues] = useState<V>(options.initial);
  const [touched, setTouched] = useState<Record<string, true>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // After a refused submit the first field with a message gets the focus, once it has rendered.
  const [refusals, setRefusals] = useState(0);
  const formElement = useRef<HTMLFormElement | null>(null);

  const latest = useRef(options);
  latest.current = options;
  const check = useCallback((v: V): Checked<T> => {
    const o = latest.current;
    if ('check' in o) {
      const c = o.check(v);
      return c.ok ? c : { ok: false, errors: translated(c.errors) };
    }
    const result = o.schema.safeParse(o.toInput ? o.toInput(v) : v);
    const errors = { ...o.rules?.(v), ...(result.success ? {} : issuesToErrors(result.error.issues)) };
    if (Object.keys(errors).length > 0) return { ok: false, errors: translated(errors) };
    return { ok: true, data: result.data as T };
  }, []);

  // Checked at most once a render, and only when something reads the result: rules may read data
  // that arrives after the values (a tournament), and a door form shows nothing before a submit.
  let checked: Checked<T> | undefined;
  const current = () => (checked ??= check(values));
  const errorsNow = () => {
    const c = current();
    return c.ok ? {} : c.errors;
  };

  const action = useAction(
    (data: T, v: V) => latest.current.onSubmit(data, v),
    // The form passes its own action options through; a 400's field messages are kept below.
    options.action ?? {},
  );

  // A 400's messages come translated from the server; a caller's own may be references.
  const error = ((path: string) =>
    (serverErrors[path] === undefined ? undefined : tm(serverErrors[path])) ??
    (submitted || (options.showErrors !== 'submitted' && touched[path])
      ? errorsNow()[path]
      : undefined)) as Form<V>['error'];

  const touch = useCallback(
    (path: string) => setTouched((t) => (t[path] ? t : { ...t, [path]: true })),
    [],
  ) as Form<V>['touch'];

  const set = useCallback((path: string, value: unknown) => {
    setValues((v) => setAt(v, path, value));
    setTouched((t) => (t[path] ? t : { ...t, [path]: true }));
    setServerErrors((s) => {
      const keys = Object.keys(s).filter((k) => within(k, path));
      if (keys.length === 0) return s;
      const rest = { ...s };
      for (const k of keys) delete rest[k];
      return rest;
    });
  }, []) as Form<V>['set'];

  const replace = useCallback(
    (next: V) => {
      const changed = Object.keys(next).filter(
        (k) => (next as Record<string, unknown>)[k] !== (values as Record<string, unknown>)[k],
      );
      for (const k of changed)
        (set as (p: string, v: unknown) => void)(k, (next as Record<string, unknown>)[k]);
    },
    [set, values],
  );

  const field = ((path: string): TextBinding => ({
    name: path,
    value: String(getAt(values, path) ?? ''),
    error: error(path as FieldPath<V>),
    onChange: (e) => (set as (p: string, v: unknown) => void)(path, e.target.value),
    onBlur: () => (touch as (p: string) => void)(path),
  })) as Form<V>['field'];

  const checkbox = ((path: string) => ({
    checked: getAt(values, path) === true,
    onChange: (on: boolean) => (set as (p: string, v: unknown) => void)(path, on),
  })) as Form<V>['checkbox'];

  const { run } = action;
  const submit = useCallback(
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const element = event?.currentTarget ?? null;
      formElement.current = element;
      // The browser's own messages first where the page asks for them (docs/product.md §5, sign-up),
      // then every field's own: one bubble alone would leave the rest of what is missing unsaid.
      const nativeOk = !latest.current.nativeValidity || !element || element.reportValidity();
      setSubmitted(true);
      const result = check(values);
      if (!nativeOk || !result.ok) {
        setRefusals((n) => n + 1);
        return;
      }
      const outcome = await run(result.data, values);
      if (!outcome.ok && outcome.error instanceof ApiError) setServerErrors(outcome.error.fieldErrors);
    },
    [check, run, values],
  );

  useEffect(() => {
    if (refusals > 0) formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const reset = useCallback((next?: V) => {
    setValues(next ?? latest.current.initial);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
  }, []);

  return {
    values,
    get allErrors() {
      return errorsNow();
    },
    get isValid() {
      return current().ok;
    },
    submitted,
    busy: action.busy,
    error,
    set,
    setValues: replace,
    touch,
    field,
    checkbox,
    submit,
    reset,
    setServerErrors,
  };
}
