import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { Toaster } from '@/components/ui/toaster';

/** Renders routes in a memory router at `path`, with the toaster; returns the router too. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { ...result, router };
}
