/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Rust server listens here during development; the dev server forwards API calls to it
// so the app and the API share one origin (cookies, same-origin checks).
const apiServer = 'http://127.0.0.1:8080';

// Workbox silently leaves out any file above its limit (2 MiB by default), and a till that
// misses one lazily loaded screen or the WASM core cannot start offline. The largest files are
// well under 1 MiB today (web/dist/assets after `npx vite build`); this leaves room to grow.
const largestPrecachedFile = 5 * 1024 * 1024;

export default defineConfig({
  // `@/lib/notify` is web/src/lib/notify: one name for a module wherever it is imported from.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    // DESIGN §7: an installable app whose shell (every chunk, the CSS, the WASM core) is
    // precached, so the till starts and navigates with no network. Registration is ours
    // (features/offline/pwa): a new version waits until the till may reload (registerType
    // 'prompt'), never auto-applied in the middle of a sale.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      // The icons are in globPatterns already; listing them twice would double the precache list.
      includeManifestIcons: false,
      manifest: {
        name: 'Tillwise POS',
        short_name: 'Tillwise',
        description: 'Tillwise POS: point of sale and shop management.',
        // The shop's home, not the welcome page: opening the installed app must not sign the
        // cashier out (the welcome page does, docs/counter.md "Signing in").
        start_url: '/shop',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f6e6e',
        background_color: '#f4f6f8',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{js,css,html,wasm,svg,png}'],
        maximumFileSizeToCacheInBytes: largestPrecachedFile,
        // Client routes (/admin/cart, /shop/login...) load the precached shell; the API never
        // does: an /api call offline must fail as a network error, not answer with HTML.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtimeCaching: API answers are never cached by the service worker (the till's
        // offline data lives in IndexedDB, features/offline).
        cleanupOutdatedCaches: true,
        // The first install controls the open page at once, so it works offline without a
        // reload; later versions still wait for the prompt (no skipWaiting).
        clientsClaim: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The WASM core must stay a separate, cacheable file (never inlined as base64).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
