import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and resolves Tailwind conflicts so the last one wins ("px-4" then "px-2"
 * gives "px-2"), whatever order the stylesheet happens to list them in.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
