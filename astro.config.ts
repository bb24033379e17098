import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { interactionDirective } from './src/directives/integration.ts';
import { isPrivateRoute } from './src/data/private-routes.ts';
import { site } from './src/data/site.ts';

// Static output: every route is prerendered; the Fastify server in server/ serves dist/.
export default defineConfig({
  site: site.url,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'never' },
  integrations: [
    react(),
    interactionDirective(),
    sitemap({ filter: (page) => !page.includes('/404') && !page.includes('/contact/not-sent') && !isPrivateRoute(page) }),
  ],
  vite: { plugins: [tailwindcss()] },
});
