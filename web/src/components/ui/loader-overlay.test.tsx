import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { LoaderOverlay } from './loader-overlay';

const renderOverlay = (props: { loading?: boolean; goldOnly?: boolean }) =>
  render(
    <MemoryRouter>
      <LoaderOverlay {...props}>
        <p>Gold creatives</p>
      </LoaderOverlay>
    </MemoryRouter>,
  );

describe('LoaderOverlay', () => {
  it('shows its content uncovered when neither loading nor gold-only', () => {
    renderOverlay({});
    expect(screen.getByTestId('loader-overlay')).toHaveAttribute('data-state', 'open');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('covers the content with a spinner while it loads', () => {
    renderOverlay({ loading: true });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Gold Level Creatives Only')).not.toBeInTheDocument();
  });

  it('covers the content with the gold panel and its Subscribe Here link', () => {
    renderOverlay({ goldOnly: true, loading: true });
    expect(screen.getByText('Gold Level Creatives Only')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Here' })).toHaveAttribute('href', '/subscriptions');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
