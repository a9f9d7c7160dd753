import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { Upgrade } from '../api/options';
import { UpgradeOption } from './upgrade-option';

const upgrade: Upgrade = {
  id: 1,
  name: 'Featured',
  description: 'Pinned to the top of the contest list.',
  amount: 49,
  is_highlighted: 0,
  is_featured: 1,
  is_private: 0,
  is_blind: 0,
  is_notified_via_email: 0,
  is_rush: 0,
  is_featured_blog_post: 0,
  is_recommended: 1,
};

describe('UpgradeOption', () => {
  it("shows the name, the 'recommended' tag, the description and the price", () => {
    render(<UpgradeOption upgrade={upgrade} checked={false} disabled={false} freeUpgrades={false} onChange={vi.fn()} />);
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByText('recommended')).toBeInTheDocument();
    expect(screen.getByText('Pinned to the top of the contest list.')).toBeInTheDocument();
    expect(screen.getByText('$49')).toBeInTheDocument();
    expect(document.querySelector('s')).toBeNull();
  });

  it('strikes the price through and says Free with the unlimited-upgrades subscription', () => {
    render(<UpgradeOption upgrade={upgrade} checked={false} disabled={false} freeUpgrades onChange={vi.fn()} />);
    expect(document.querySelector('s')).toHaveTextContent('$49');
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('is checked and disabled when already on the contest', () => {
    render(<UpgradeOption upgrade={upgrade} checked disabled freeUpgrades={false} onChange={vi.fn()} />);
    const box = screen.getByRole('checkbox');
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.getByText('Already on your contest')).toBeInTheDocument();
  });
});
