import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // packages/shared declares "sideEffects": false (texts, limits and zod schemas): a page gets only the
      // modules of the barrel it uses.
      output: {
        // Libraries change less often than the app: cache them apart.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/case-service': { target: API_TARGET, changeOrigin: true },
    },
  },
});
