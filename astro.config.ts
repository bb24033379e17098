import fs from 'node:fs';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { interactionDirective } from './src/directives/integration.ts';
import { keepPrerender } from './src/integrations/keep-prerender.ts';
import { isPrivateRoute } from './src/data/private-routes.ts';
import { site } from './src/data/site.ts';

// A rebuild for a publish from the staff console's Catalog names the published content in a file
// (server/catalog/site-rebuilder.ts); defineContent reads it in place of the files' data while the
// pages are prerendered in this process (docs/decisions.md 97).
const contentFile = process.env.HOSTFRONT_CONTENT_FILE;
if (contentFile) (globalThis as { hostfrontContent?: unknown }).hostfrontContent = JSON.parse(fs.readFileSync(contentFile, 'utf8'));

// Static output: every route is prerendered; the Fastify server in server/ serves dist/.
export default defineConfig({
  site: site.url,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'directory', inlineStylesheets: 'never' },
  integrations: [
    react(),
    interactionDirective(),
    keepPrerender(),
    sitemap({ filter: (page) => !page.includes('/404') && !page.includes('/contact/not-sent') && !isPrivateRoute(page) }),
  ],
  vite: { plugins: [tailwindcss()] },
});
