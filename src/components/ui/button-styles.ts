import { cn } from '../../lib/cn.ts';
import { buttonVariants, type ButtonSize, type ButtonVariant } from './button-variants.ts';

export type { ButtonSize, ButtonVariant };

/** A button's classes from the one definition; `extra` is merged last, so its classes win. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return cn(buttonVariants({ variant, size }), extra);
}
