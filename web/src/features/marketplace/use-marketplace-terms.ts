import { useEffect, useState } from 'react';

import { isAbortError } from '@/lib/api-client';

import type { MarketplaceCategory } from './api/marketplace';
import { getMarketplaceCategories, getMarketplaceTags, type MarketplaceTag } from './api/terms';

/**
 * The categories and tags a listing may use (admins keep them): the categories empty until loaded,
 * the tags null until loaded (a listing's remembered tags are checked against them).
 */
export function useMarketplaceTerms() {
  const [categories, setCategories] = useState<MarketplaceCategory[]>([]);
  const [tags, setTags] = useState<MarketplaceTag[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const options = { signal: controller.signal };
    getMarketplaceCategories(options).then(setCategories, () => undefined);
    getMarketplaceTags(options).then(setTags, (error: unknown) => {
      if (!isAbortError(error)) setTags([]);
    });
    return () => controller.abort();
  }, []);
  return { categories, tags };
}
