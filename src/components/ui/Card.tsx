import type { ComponentPropsWithoutRef, ComponentType, ElementType, ReactNode } from 'react';
import { cardVariants, type CardStyle } from './card-variants.ts';

type CardProps<E extends ElementType> = CardStyle & { as?: E } & Omit<ComponentPropsWithoutRef<E>, 'as'>;

/**
 * A card: the surface of cardVariants on the element that fits (`as`: a section, an article, a
 * list item…; a div by default). Compose it with CardHeader and CardTitle, or put anything in it.
 */
export function Card<E extends ElementType = 'div'>({ as, surface, edge, shadow, className, ...rest }: CardProps<E>) {
  const Element: ElementType = as ?? 'div';
  return <Element className={cardVariants({ surface, edge, shadow, className })} {...rest} />;
}

/** A card's top bar: its title on the left, its actions on the right, a line under it. */
export function CardHeader({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center justify-between gap-2 border-b border-white/10 px-4 py-3 sm:px-5">{children}</div>;
}

/** A card's heading (h3), with the card's icon before it. */
export function CardTitle({
  id,
  icon: Icon,
  className,
  children,
}: {
  id?: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h3 id={id} className={`flex items-center gap-2 font-semibold text-white ${className ?? ''}`.trim()}>
      {Icon && (
        <>
          <Icon aria-hidden className="size-4 text-accent-400" />{' '}
        </>
      )}
      {children}
    </h3>
  );
}
