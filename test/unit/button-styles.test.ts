import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../../src/lib/cn.ts';
import { buttonClasses } from '../../src/components/ui/button-styles.ts';
import { buttonVariants, type ButtonSize, type ButtonVariant } from '../../src/components/ui/button-variants.ts';

const variants: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'success', 'destructive'];
const sizes: ButtonSize[] = ['xs', 'sm', 'md', 'lg', 'icon'];
const classes = (s: string) => s.split(/\s+/).filter(Boolean);

describe('cn', () => {
  it('keeps the last of two conflicting utilities, whatever order the stylesheet has', () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('bg-brand-600 hover:bg-brand-500', false && 'hidden', 'bg-red-600')).toBe('hover:bg-brand-500 bg-red-600');
  });
});

describe('buttonClasses', () => {
  it("lets the caller's classes win over the variant's", () => {
    const merged = classes(buttonClasses('primary', 'sm', 'bg-green-600 px-2 w-full'));
    expect(merged).toContain('bg-green-600');
    expect(merged).not.toContain('bg-brand-600');
    expect(merged).toContain('px-2');
    expect(merged).not.toContain('px-3');
    expect(merged).toContain('w-full');
    expect(merged).toContain('hover:bg-brand-500'); // a different state is not a conflict
  });

  it('gives Start and Stop their own colours through variants, not overrides', () => {
    expect(classes(buttonClasses('success', 'sm'))).toContain('bg-green-700');
    expect(classes(buttonClasses('destructive', 'sm'))).toContain('bg-red-600');
    expect(classes(buttonClasses('destructive', 'sm'))).not.toContain('bg-brand-600');
  });

  it('defaults to primary, medium', () => {
    expect(buttonClasses()).toBe(cn(buttonVariants({ variant: 'primary', size: 'md' })));
  });
});

describe('buttonVariants', () => {
  // Islands use buttonVariants without tailwind-merge, so no variant and size may set a class
  // that another part of the same definition also sets: then merging would change nothing.
  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))('%s %s has no conflicting classes', (variant, size) => {
    const joined = buttonVariants({ variant, size });
    expect(classes(twMerge(joined)).sort()).toEqual(classes(joined).sort());
  });

  it("appends an island's layout classes", () => {
    expect(classes(buttonVariants({ size: 'lg', className: 'mt-6 w-full' }))).toEqual(expect.arrayContaining(['px-6', 'py-3', 'mt-6', 'w-full']));
  });
});
