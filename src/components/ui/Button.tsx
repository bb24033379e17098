import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { buttonClasses } from './button-styles.ts';
import type { ButtonSize, ButtonVariant } from './button-variants.ts';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A button: variant, size, disabled, type. A className is merged last and wins over the
 * variant's classes. For server-rendered components; islands use buttonVariants() (see there).
 */
export function Button({ variant, size, className, type = 'button', ...rest }: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

/** A link that looks like a button (navigation is a link, not a button). Server-rendered. */
export function ButtonLink({ variant, size, className, ...rest }: StyleProps & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClasses(variant, size, className)} {...rest} />;
}
