import { Toaster as Sonner } from 'sonner';
import { maxToasts } from '../../lib/notify.ts';

/**
 * The toast region. Place it once on a page whose islands call src/lib/notify.ts; islands
 * share the toast store through that module, so no provider wraps the page.
 */
export function Toaster() {
  return <Sonner theme="dark" position="bottom-right" visibleToasts={maxToasts} richColors closeButton />;
}
