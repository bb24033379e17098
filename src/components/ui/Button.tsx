import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles.ts';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** A button with the spec's properties: variant, size, disabled, type. */
export function Button({ variant, size, className = '', type = 'button', ...rest }: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

/** A link that looks like a button (navigation is a link, not a button). */
export function ButtonLink({ variant, size, className = '', ...rest }: StyleProps & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={buttonClasses(variant, size, className)} {...rest} />;
}
