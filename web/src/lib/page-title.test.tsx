import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { pageTitle, usePageTitle } from './page-title';

function Frame() {
  usePageTitle();
  return <Outlet />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Frame />,
        children: [
          { path: 'dashboard', handle: { title: 'dashboard' }, element: <p>dashboard</p> },
          { path: 'untitled', element: <p>untitled</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('page titles', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('name the page, then the product', () => {
    expect(pageTitle('Dashboard')).toBe('Dashboard | Vitrine');
    expect(pageTitle(null)).toBe('Vitrine');
  });

  it("follow the route's handle and the reader's language", async () => {
    const router = renderAt('/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard | Vitrine'));
    await act(() => i18n.changeLanguage('es'));
    await waitFor(() => expect(document.title).toBe('Panel | Vitrine'));
    await act(() => router.navigate('/untitled'));
    await waitFor(() => expect(document.title).toBe('Vitrine'));
  });
});
