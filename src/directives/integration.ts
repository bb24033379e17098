// Registers the site's own island directives (src/directives/interaction.ts, customer.ts) with Astro.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export function interactionDirective(): AstroIntegration {
  return {
    name: 'hostfront:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)) });
        addClientDirective({ name: 'customer', entrypoint: fileURLToPath(new URL('./customer.ts', import.meta.url)) });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    /** Load the island on the first interaction with it, or with elements matching the selector given. */
    'client:interaction'?: boolean | string;
    /** Load the island at once for a customer (or a server) this browser brings, else on the first interaction. */
    'client:customer'?: boolean | string;
  }
}
