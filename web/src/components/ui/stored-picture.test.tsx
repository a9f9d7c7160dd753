import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { startSession } from '@/lib/session';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

import { StoredPicture } from './stored-picture';

describe('StoredPicture', () => {
  beforeEach(() => startSession('tok'));

  it('is a lazy picture whose srcset spans the server’s copies by their signed URLs', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        data: [
          {
            id: 41,
            url: '/files/41/content?expires=9&signature=o',
            thumb_url: '/files/41/content?size=thumb&expires=9&signature=t',
            medium_url: '/files/41/content?size=medium&expires=9&signature=m',
            expires_at: Date.now() + 3_600_000,
          },
        ],
      }),
    );
    render(<StoredPicture path="/files/41/content" url="/files/41/content?size=thumb&expires=9&signature=t" alt="Bar cloud" />);
    const picture = screen.getByAltText('Bar cloud');
    expect(picture).toHaveAttribute('loading', 'lazy');
    expect(picture).toHaveAttribute('decoding', 'async');
    expect(picture).toHaveAttribute('src', '/files/41/content?size=thumb&expires=9&signature=t');
    await waitFor(() =>
      expect(picture).toHaveAttribute(
        'srcset',
        '/files/41/content?size=thumb&expires=9&signature=t 480w, /files/41/content?size=medium&expires=9&signature=m 1280w',
      ),
    );
    expect(picture.getAttribute('sizes')).toMatch(/vw/);
  });
});
