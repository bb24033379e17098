import { KeyRound, Loader2, Server } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '../ui/button-variants.ts';
import { rememberedServerId } from './panel-api.ts';
import { cardVariants } from '../ui/card-variants.ts';

interface ConnectFormProps {
  connecting: boolean;
  error: string | undefined;
  onConnect(serverId: string, key: string): void;
}

const inputClasses =
  'block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3.5 py-2.5 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40';

/**
 * Heading Connect to Your Server, the Server ID and the server's access key. The id is
 * remembered in this browser; the key never is (docs/decisions.md 2).
 *
 * The fields are the page's own (uncontrolled): a new visitor gets this form as HTML and can type
 * into it while React loads on their first touch (docs/decisions.md 124), and React, taking over,
 * keeps what they typed; a Connect pressed meanwhile is sent once it has (src/directives/interaction.ts).
 * `method="post"`: a form the browser ever sends itself never puts the key in an address.
 */
export function ConnectForm({ connecting, error, onConnect }: ConnectFormProps) {
  const serverIdField = useRef<HTMLInputElement>(null);
  const keyField = useRef<HTMLInputElement>(null);
  const [keyMissing, setKeyMissing] = useState(false);
  const ids = useId();

  useEffect(() => {
    const field = serverIdField.current;
    if (field && field.value === '') field.value = rememberedServerId();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const serverId = String(form.get('serverId') ?? '');
    const key = String(form.get('key') ?? '');
    if (!serverId.trim()) return;
    if (!key) {
      setKeyMissing(true);
      return;
    }
    setKeyMissing(false);
    onConnect(serverId, key);
    if (keyField.current) keyField.current.value = '';
  };

  const hint = keyMissing ? 'Enter the access key of your server.' : error;
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className={cardVariants({ className: 'mx-auto w-full max-w-md p-6 shadow-xl shadow-black/30 sm:p-8' })}
      aria-describedby={hint ? `${ids}-hint` : undefined}
    >
      <div className="mb-6 flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/30">
          <Server aria-hidden className="size-5" />
        </span>
        <div>
          <h2 className="text-xl font-bold text-white">Connect to Your Server</h2>
          <p className="text-sm text-slate-400">Use the Server ID and access key from your welcome e-mail.</p>
        </div>
      </div>
      <label htmlFor={`${ids}-id`} className="block text-sm font-medium text-slate-200">
        Server ID
      </label>
      <input
        id={`${ids}-id`}
        name="serverId"
        type="text"
        autoComplete="username"
        spellCheck={false}
        ref={serverIdField}
        placeholder="e.g. a1b2c3d4"
        className={`${inputClasses} mt-1.5`}
      />
      <label htmlFor={`${ids}-key`} className="mt-4 block text-sm font-medium text-slate-200">
        Access key
      </label>
      <div className="relative mt-1.5">
        <input
          id={`${ids}-key`}
          name="key"
          type="password"
          autoComplete="current-password"
          ref={keyField}
          aria-invalid={keyMissing || undefined}
          className={`${inputClasses} pr-10`}
        />
        <KeyRound aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
      </div>
      {hint && (
        <p id={`${ids}-hint`} role="alert" className="mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {hint}
        </p>
      )}
      <button type="submit" disabled={connecting} className={buttonVariants({ size: 'lg', className: 'mt-6 w-full' })}>
        {connecting && <Loader2 aria-hidden className="size-4 animate-spin" />}
        {connecting ? 'Connecting...' : 'Connect'}
      </button>
      <p className="mt-4 text-xs leading-relaxed text-slate-400">
        Your key is checked by our server and kept there, encrypted; this browser only remembers the Server ID.
      </p>
    </form>
  );
}
