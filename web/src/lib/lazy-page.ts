/**
 * Code splitting for pages and heavy widgets: `lazyComponent(() => import('./x').then((m) => m.X))`
 * is a component that loads module `./x` on first render and shows a spinner meanwhile. The first
 * page then downloads the shell and its own code only (the editor, the other screens and their
 * libraries come when opened). Plain `.ts` with createElement: a factory, not a component module.
 */
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';

/** A spinner where the page will be, for the moment its code loads. */
const pageLoading = createElement(
  'div',
  { className: 'flex justify-center py-24 text-indigo-600' },
  createElement(Spinner, { className: 'size-6' }),
);

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = pageLoading) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Loaded(props: P) {
    return createElement(Suspense, { fallback }, createElement(Lazy, props));
  };
}
