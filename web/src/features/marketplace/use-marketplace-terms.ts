import { useEffect, useState } from 'react';

import type { MarketplaceCategory } from './api/marketplace';
import { getMarketplaceCategories, getMarketplaceTags, type MarketplaceTag } from './api/terms';

/**
 * The categories and tags a listing may use (admins keep them): the categories empty until loaded,
 * the tags null until loaded, and null still when they could not be (a listing's own tags are
 * checked against them: while they are unknown, a change sends the listing's tags as they are).
 */
export function useMarketplaceTerms() {
  const [categories, setCategories] = useState<MarketplaceCategory[]>([]);
  const [tags, setTags] = useState<MarketplaceTag[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    getMarketplaceCategories(options).then(setCategories, () => undefined);
    getMarketplaceTags(options).then(setTags, () => undefined);
    return () => controller.abort();
  }, []);
  return { categories, tags };
}
