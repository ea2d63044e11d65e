import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';

/** The error boundary of every page: the header stays, the page shows what went wrong. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="mx-auto grid max-w-xl gap-4">
      <Alert variant="danger">{message}</Alert>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </div>
  );
}
