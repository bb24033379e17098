import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The one button style, for every button and button-looking link. Server-rendered code uses
 * <Button>, <ButtonLink> or buttonClasses(), which merge a caller's classes with
 * tailwind-merge so they win over the variant's. Islands call buttonVariants() directly:
 * tailwind-merge weighs about 8.5 KB gzip, more than a page's budget allows, so in the browser
 * the caller's classes are only appended. An island passes layout classes (margin, width) and
 * never a class a variant sets (colour, padding, text size); for another look, add a variant.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-not-allowed disabled:opacity-50',
  {
    variants: {
      variant: {
        primary: 'bg-brand-600 text-white shadow-lg shadow-brand-900/30 hover:bg-brand-500',
        secondary: 'bg-surface-700 text-white ring-1 ring-white/10 hover:bg-surface-800',
        outline: 'border border-brand-400 text-brand-300 hover:bg-brand-500/10',
        ghost: 'text-slate-200 hover:bg-white/5',
        /** Starts something (a server's Start). */
        /** Green 700: white text on it reads at 4.5:1 and more (green 600 gave 3.2:1). */
        success: 'bg-green-700 text-white shadow-lg shadow-green-900/30 hover:bg-green-800',
        /** Stops or removes something. */
        destructive: 'bg-red-600 text-white shadow-lg shadow-red-900/30 hover:bg-red-500',
      },
      size: {
        xs: 'px-3 py-2 text-xs',
        sm: 'px-3 py-1.5 text-sm',
        md: 'px-4 py-2 text-sm',
        lg: 'px-6 py-3 text-base',
        /** A square button holding only an icon (give it an aria-label). */
        icon: 'p-1.5',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type Variants = VariantProps<typeof buttonVariants>;
export type ButtonVariant = NonNullable<Variants['variant']>;
export type ButtonSize = NonNullable<Variants['size']>;
