import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The one card surface of the site and the panel: a rounded panel over the page, its fill, its
 * edge and its shadow. <Card> (Card.tsx) uses it; so do elements that take a class string
 * instead (a tab panel). As with buttonVariants, a caller's classes are appended, not merged
 * (islands carry no tailwind-merge): pass layout and padding, never a class a variant sets.
 */
export const cardVariants = cva('rounded-2xl', {
  variants: {
    surface: {
      /** The board, the panel's tools, the home page's cards. */
      raised: 'bg-surface-900/80',
      /** The content, contact and legal pages, the feature tiles: a little more of the page shows through. */
      soft: 'bg-surface-900/70',
      /** Darker than the page (the home page's counters). */
      sunken: 'bg-surface-950/60',
      /** A skeleton standing in for a card that is loading. */
      placeholder: 'bg-surface-900/60',
    },
    edge: {
      /** A 1px border inside the card (the panel, the content pages). */
      border: 'border border-white/10',
      /** A 1px ring outside the card (the board, the home and plan pages). */
      ring: 'ring-1 ring-white/10',
      /** A fainter ring, for skeletons. */
      faint: 'ring-1 ring-white/5',
      /** A red ring: the card says something failed. */
      alert: 'ring-1 ring-red-400/30',
    },
    shadow: {
      none: '',
      /** Lifted off the page (the content pages' cards). */
      lifted: 'shadow-lg shadow-black/20',
      /** A card that stands alone on its page (a form). */
      floating: 'shadow-xl shadow-black/20',
    },
  },
  defaultVariants: { surface: 'raised', edge: 'border', shadow: 'none' },
});

export type CardStyle = VariantProps<typeof cardVariants>;
