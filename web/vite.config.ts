/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

import openapi from './openapi.json';
import { apiPrefixes, isClientPage } from './src/config/dev-proxy';

/** Where `npm run dev` forwards API calls: the Rust server's listen address (`make dev` sets it). */
const API_ORIGIN = process.env.VITRINE_API_ORIGIN ?? 'http://127.0.0.1:8080';

const apiProxy: ProxyOptions = {
  target: API_ORIGIN,
  changeOrigin: true,
  bypass: (req) => (isClientPage(req.method, req.headers.accept, req.url) ? '/index.html' : undefined),
};

/** Every route prefix of the server (src/config/dev-proxy.ts), and its pages outside the API document: the docs, the document itself, the mail's unsubscribe page. */
const API_PREFIXES = [...apiPrefixes(Object.keys(openapi.paths)), '/docs', '/openapi.json', '/mail'].filter((p) => p !== '/ws');

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  server: {
    proxy: {
      ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiProxy])),
      '/ws': { target: API_ORIGIN.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The collaborative editor's libraries load with the first editor (see features/docs/panels),
        // in chunks of their own so none passes the 500 kB warning. React and its helpers are a
        // group first: otherwise the editor's groups would take them (they depend on React) and
        // the first page would import the editor's chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/, priority: 30 },
            { name: 'yjs', test: /node_modules[\\/](yjs|lib0|y-protocols)[\\/]/, priority: 20 },
            { name: 'prosemirror', test: /node_modules[\\/](prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // Form tests type into many fields with user-event; on a busy shared machine one can pass
    // 5 s (vitest's default) without anything being wrong. Nothing here waits on a clock.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
