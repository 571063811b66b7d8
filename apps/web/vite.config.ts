/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: {
      '@polski/contracts': here('../../libs/contracts/src/index.ts'),
    },
  },
  server: {
    port: 4200,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: here('../../dist/apps/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // The contracts library is pure data and zod schemas built at module level. Declaring it free of side
        // effects, and zod's builders (and the library's two schema helpers) pure, lets the home bundle take
        // HUBS or POLISH_ALPHABET without every schema and zod itself; the forms' lazy chunk still gets them.
        moduleSideEffects: (id: string) => (id.includes('/libs/contracts/') ? false : undefined),
        manualPureFunctions: ['z', 'requiredTrimmed', 'ZPasswordSchema'],
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [here('src/test/setup.ts')],
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    css: false,
    clearMocks: true,
    restoreMocks: true,
  },
});
