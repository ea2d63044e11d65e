import type { ReactNode } from 'react';
import { tm } from '../lib/i18n.tsx';
import { Alert } from './ui/alert.tsx';
import { Spinner } from './ui/spinner.tsx';

/** What a read (lib/use-query.ts) tells a screen: the answer, why there is none, whether it is on its way. */
export interface QueryState<T> {
  data: T | undefined;
  error?: Error | undefined;
  isLoading: boolean;
}

/**
 * The one way a screen shows a read's loading and failure (instead of each page writing its
 * own `isLoading && !data` branches). A spinner while the first answer is on its way; then
 * `children` with the answer. How a failure shows:
 * - 'alert' (default): a danger alert with the message, above whatever answer is still shown;
 * - 'instead': without an answer, a `role="alert"` paragraph with the message (or `missing`)
 *   in place of the content;
 * - 'none': nothing (another part of the page reports it).
 */
export function QueryView<T>({
  query,
  errors = 'alert',
  missing,
  children,
}: {
  query: QueryState<T>;
  errors?: 'alert' | 'instead' | 'none';
  /** With errors="instead": the text when there is neither an answer nor an error message. */
  missing?: string;
  /** Given the answer once there is one (a read that answers null shows nothing). */
  children?: (data: NonNullable<T>) => ReactNode;
}) {
  const { data, error, isLoading } = query;
  if (errors === 'alert') {
    return (
      <>
        {error && <Alert variant="danger">{tm(error.message)}</Alert>}
        {isLoading && !data && <Spinner />}
        {data && children?.(data)}
      </>
    );
  }
  if (isLoading && !data) return <Spinner />;
  if (!data) return errors === 'instead' ? <p role="alert">{tm(error?.message ?? missing ?? '')}</p> : null;
  return <>{children?.(data)}</>;
}
