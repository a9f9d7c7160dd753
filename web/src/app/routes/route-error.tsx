import { Link } from 'react-router';

import { paths } from '@/config/paths';

/** Shown when a route's loader or render throws something other than a redirect. */
export function RouteError() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-xl font-semibold">Sorry, something went wrong!</h1>
      <Link to={paths.dashboard} className="text-indigo-600 hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
