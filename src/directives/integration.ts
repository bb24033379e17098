// Registers the site's own island directive (src/directives/interaction.ts) with Astro.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function interactionDirective(): AstroIntegration {
  return {
    name: 'hostfront:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Load the island on the first interaction with it, or with elements matching the selector given. */
    'client:interaction'?: boolean | string;
  }
}
