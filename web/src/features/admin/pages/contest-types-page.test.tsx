import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { ContestTypesPage } from './contest-types-page';

const logo = {
  id: 1,
  title: 'Logo Design',
  listing_title: 'Logo Design Contest',
  launch_brief_slug: 'logo-design',
  has_terms: 0,
  participate_terms: null as string | null,
  brief_html: { text: '<p>Tell us about your brand.</p>' },
  only_tip_start: 0,
  is_quick_start: 1,
};
const coupon = { id: 3, contest_type_id: 1, code: 'SPRING10', percent_off: 10, amount_off: null, contest_type_pricing_id: null, user_id: null, usage_limit: 5, used_count: 2, allows_custom_prize: 0, created_at: 1 };
const pricing = { id: 8, contest_type_id: 1, name: 'Gold', amount: 499, winning_entry_amount: 400, is_recommended: 1 };

describe('the contest types page', () => {
  it("edits a type's title and terms with PUT /contests/types/{id}, showing each field's problem", async () => {
    await i18n.changeLanguage('en');
    let type = { ...logo };
    let refuse = true;
    const requests = mockRoutes({
      'GET /contests/types': () => jsonResponse(200, { data: [type] }),
      'PUT /contests/types/1': (request: RecordedRequest) => {
        if (refuse) {
          refuse = false;
          return errorResponse(422, 'validation', 'Invalid', { participate_terms: [{ code: 'validation.required', message: 'This field is required' }] });
        }
        const body = request.body as { title: string; participate_terms: string; has_terms: number };
        type = { ...type, ...body };
        return jsonResponse(200, { data: type });
      },
    });
    renderRoutes([{ path: '/', element: <ContestTypesPage /> }], '/');
    const table = await screen.findByTestId('contest-types');
    await userEvent.click(await within(table).findByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit “Logo Design”' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Logo');
    await userEvent.click(within(dialog).getByLabelText('Has terms'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Terms a designer accepts/), 'Original work only.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByText('Logo')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      title: 'Logo',
      brief_html: '<p>Tell us about your brand.</p>',
      is_quick_start: 1,
      only_tip_start: 0,
      has_terms: 1,
      participate_terms: 'Original work only.',
    });
  });

  it("lists a type's coupons, creates one for a package and withdraws one, in Spanish", async () => {
    await i18n.changeLanguage('es');
    let coupons = [coupon];
    const requests = mockRoutes({
      'GET /contests/types': () => jsonResponse(200, { data: [logo] }),
      'GET /contests/types/1/pricings': () => jsonResponse(200, { data: [pricing] }),
      'GET /contests/types/1/coupons': () => jsonResponse(200, { data: coupons }),
      'POST /contests/types/1/coupons': (request: RecordedRequest) => {
        const created = { ...coupon, ...(request.body as object), id: 4, used_count: 0 };
        coupons = [...coupons, created];
        return jsonResponse(201, { data: created });
      },
      'DELETE /contests/types/1/coupons/SPRING10': () => {
        coupons = coupons.filter((c) => c.code !== 'SPRING10');
        return jsonResponse(200, { message: 'ok' });
      },
    });
    renderRoutes([{ path: '/', element: <ContestTypesPage /> }], '/');
    const table = await screen.findByTestId('contest-types');
    await userEvent.click(await within(table).findByRole('button', { name: 'Cupones' }));
    const dialog = screen.getByRole('dialog', { name: 'Cupones de “Logo Design”' });
    const list = within(dialog).getByTestId('type-coupons');
    expect(await within(list).findByText('SPRING10')).toBeInTheDocument();
    expect(within(list).getByText('2 / 5')).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Cupón nuevo' });
    await userEvent.type(within(form).getByLabelText('Código'), 'GOLD50');
    await userEvent.click(within(form).getByLabelText('Dólares'));
    await userEvent.type(within(form).getByLabelText('Dólares de descuento'), '50');
    await userEvent.selectOptions(within(form).getByLabelText('Paquete'), '8');
    await userEvent.click(within(form).getByRole('button', { name: 'Crear cupón' }));
    expect(await within(list).findByText('GOLD50')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'GOLD50',
      amount_off: 50,
      usage_limit: null,
      contest_type_pricing_id: 8,
      user_id: null,
      allows_custom_prize: 0,
    });
    await userEvent.click(within(list).getAllByRole('button', { name: 'Retirar' })[0]);
    await userEvent.click(within(screen.getByRole('dialog', { name: '¿Retirar el cupón SPRING10?' })).getByRole('button', { name: 'Retirar' }));
    await waitFor(() => expect(within(list).queryByText('SPRING10')).not.toBeInTheDocument());
    expect(within(list).getByText('GOLD50')).toBeInTheDocument();
  });
});
