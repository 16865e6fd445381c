import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Chunks: React, Ant Design (+ its rc-component/icons/cssinjs family) and the remaining vendors are
// split so that a change in app code does not invalidate the big, rarely changing libraries.
const chunkGroups = [
  {
    name: 'react',
    priority: 30,
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
  },
  {
    name: 'antd',
    priority: 20,
    test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion)[\\/]/,
  },
  { name: 'vendor', priority: 10, test: /node_modules[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
