import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { isOfflineError, OFFLINE_TEXT } from '../lib/offline.ts';
import { tm } from '../lib/i18n.tsx';
import { href } from './pages.ts';

/** The error boundary of every page: the header stays, the page shows what went wrong. */
export function RouteError() {
  const error = useRouteError();
  // A page that could not load because the device is offline (a lazy
  // page's code or a read with no answer) says so calmly, not as an error.
  if (!isRouteErrorResponse(error) && isOfflineError(error)) {
    return (
      <div className="mx-auto grid max-w-xl gap-4">
        <Alert>{tm(OFFLINE_TEXT)}</Alert>
        <p>
          <Link to={href('home')}>Back to the home page</Link>
        </p>
      </div>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <Alert variant="danger">{message}</Alert>
      <p>
        <Link to={href('home')}>Back to the home page</Link>
      </p>
    </div>
  );
}
