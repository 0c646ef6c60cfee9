import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The request-sign secret ships to browsers (spec §7); server and client read the same variable.
const signSecret = process.env.SIGN_SECRET ?? 'hk-open-account-h5';

export default defineConfig({
  plugins: [react()],
  define: { __SIGN_SECRET__: JSON.stringify(signSecret) },
  build: { target: 'es2020', sourcemap: false, assetsInlineLimit: 0, chunkSizeWarningLimit: 800 },
  server: { proxy: { '^/(v9/|V9/|v1/|services/|user/|app/|dev/|healthz)': 'http://localhost:8080' } },
});
