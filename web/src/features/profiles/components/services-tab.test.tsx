import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { ServicesTab } from './services-tab';

const logo = { id: 3, title: 'Logo Design', launch_slug: 'logo-design' };
const menu = { id: 4, title: 'Menu Design', launch_slug: 'menu-design' };
const work = (preference_id: number, service: typeof logo, id: number) => ({ preference_id, project_service: service, file: { id, full_path: `/files/${id}` } });

function show(signedIn = true) {
  const requests = mockRoutes({
    'GET /users/7/project/services': () =>
      jsonResponse(200, { data: [{ ...logo, preference_id: 20, images: [] }, { ...menu, preference_id: 21, images: [] }] }),
    'GET /users/7/project-preference/portfolios': () => jsonResponse(200, { data: [work(20, logo, 1), work(20, logo, 2), work(21, menu, 3)] }),
  });
  renderRoutes([{ path: '/', element: <ServicesTab userId={7} signedIn={signedIn} /> }], '/');
  return requests;
}

describe('the Services tab', () => {
  it('shows the designer’s services and the work shown with each, filtered by service', async () => {
    show();
    expect(await screen.findAllByTestId('service-work')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Menu Design' }));
    expect(screen.getAllByTestId('service-work')).toHaveLength(1);
    expect(screen.getByTestId('service-work')).toHaveTextContent('Menu Design');
    fireEvent.click(screen.getByRole('button', { name: 'All services' }));
    expect(screen.getAllByTestId('service-work')).toHaveLength(3);
  });

  it('asks a visitor to log in, asking the server nothing', async () => {
    await i18n.changeLanguage('es');
    const requests = show(false);
    expect(screen.getByText('Iniciá sesión para ver los servicios que ofrece este diseñador.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
