import type { ReactNode } from 'react';
import { card, subTitle } from './staff-styles.ts';

/** A card of the console with its heading, which names it. */
export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={subTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The link at a card's foot to where it leads (the Overview's cards to their sections). */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="mt-3 inline-block text-sm font-medium text-brand-300 underline-offset-4 hover:underline">
      {children}
    </a>
  );
}
