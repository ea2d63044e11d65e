/**
 * Drizzle's queries over postgres.js as named prepared statements (decision 058).
 *
 * Drizzle hands each query to postgres.js's `unsafe` with `prepare: false`. postgres.js then
 * sends a statement with parameters in two round trips, every time: Parse and Describe, a wait
 * for the parameter types, then Bind and Execute. It also sends nothing else on that connection
 * until the types are back, so reads a mutator sends together are not pipelined either. A
 * prepared statement pays that once per connection; after it, one Bind and Execute, pipelined
 * with whatever else is waiting.
 *
 * Each connection keeps the statements it prepared until it is closed (postgres.js closes a
 * connection after 30 s idle, and every 30 to 60 minutes whatever happens). A statement's text
 * changes with the number of values in a list (`in ($1, $2)`, a multi-row insert): only
 * statements of at most PREPARED_MAX_PARAMETERS parameters are prepared, so that what a
 * connection keeps stays bounded; the larger ones (a long outbox's bulk reads, a pull's id lists)
 * are sent unprepared, as before.
 */
export const PREPARED_MAX_PARAMETERS = 32;

type UnsafeOptions = { prepare?: boolean } & Record<string, unknown>;
type Unsafe = (query: string, params?: unknown[], options?: UnsafeOptions) => unknown;
type Scoped = (...args: unknown[]) => unknown;

/** Whether a statement is sent as a named prepared statement. */
export function preparable(params: readonly unknown[] | undefined, requested: boolean | undefined): boolean {
  if (requested) return true;
  const n = params?.length ?? 0;
  return n > 0 && n <= PREPARED_MAX_PARAMETERS;
}

/**
 * `sql` (a postgres.js client, transaction or savepoint) as Drizzle should see it: its `unsafe`
 * prepares what `preparable` allows, and the transactions and savepoints it opens do the same.
 */
export function preparingStatements<T extends object>(sql: T): T {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'unsafe') {
        const unsafe = value as Unsafe;
        return (query: string, params?: unknown[], options?: UnsafeOptions) =>
          unsafe.call(target, query, params ?? [], {
            ...options,
            prepare: preparable(params, options?.prepare),
          });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        const open = value as Scoped;
        return (...args: unknown[]) => {
          const body = args.pop() as (tx: object) => unknown;
          return open.call(target, ...args, (tx: object) => body(preparingStatements(tx)));
        };
      }
      return value;
    },
  });
}
