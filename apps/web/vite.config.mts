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
