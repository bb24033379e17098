// Invoker commands (HTML): <button command="show-modal" commandfor="id"> opens the dialog with
// that id without any script. React renders the lowercase attributes as they are; its types do
// not list them yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | `--${string}`;
    commandfor?: string;
  }
}
