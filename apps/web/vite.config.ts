import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/case-service': { target: API_TARGET, changeOrigin: true },
    },
  },
});
