import { useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

/** The router's error element: a route that failed to load or render. */
export function RouteErrorPage() {
  return <ErrorPage error={useRouteError()} />;
}
