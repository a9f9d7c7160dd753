import type { Network } from './api/shares';

/** The networks offered, in the order shown. */
export const NETWORKS: readonly Network[] = ['facebook', 'twitter', 'linkedin', 'pinterest', 'email', 'link'];

/** Where a share link is posted: each network's own share page, a new e-mail, or none (copied). */
export function shareTarget(network: Network, url: string, title: string): string | null {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${text}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${text}`;
    case 'email':
      return `mailto:?subject=${text}&body=${u}`;
    default:
      return null;
  }
}
