import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonVariants } from '../ui/button-variants.ts';
import { heldSubmitAttribute } from './held-submit.ts';
import type { CheckType } from './status-api.ts';
import { cardVariants } from '../ui/card-variants.ts';

export interface NewServer {
  name: string;
  address?: string;
  type: CheckType;
}

/** The fields as the form holds them on screen. */
function fieldsOf(form: HTMLFormElement): { name: string; address: string; type: CheckType } {
  const data = new FormData(form);
  return { name: String(data.get('name') ?? ''), address: String(data.get('address') ?? ''), type: String(data.get('type') ?? 'minecraft') as CheckType };
}

const inputClass =
  'mt-1 block w-full rounded-lg bg-surface-950/80 px-3 py-2 text-sm text-white ring-1 ring-white/10 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-400 focus:outline-none aria-[invalid=true]:ring-red-400/70';

/**
 * Add New Server: a required name, an optional address (host[:port]) and what to check there.
 * onAdd resolves to an error message to show, or undefined when the entry was added.
 */
export function AddServerForm({ onAdd }: { onAdd: (server: NewServer) => Promise<string | undefined> }) {
  const id = useId();
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const [type, setType] = useState<CheckType>('minecraft');
  const [errors, setErrors] = useState<{ name?: string; address?: string }>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The board hydrates on the first touch (docs/decisions.md 147): what was typed before React ran
  // is the form's state, and a send pressed before then is made now.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed = fieldsOf(form);
    setName(typed.name);
    setAddress(typed.address);
    setType(typed.type);
    if (form.hasAttribute(heldSubmitAttribute)) {
      form.removeAttribute(heldSubmitAttribute);
      form.requestSubmit();
    }
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    // The fields on screen: a send right after React ran may come before the state has them.
    const { name, address, type } = fieldsOf(event.currentTarget);
    if (!name.trim()) {
      setErrors({ name: 'Enter a server name.' });
      return;
    }
    setBusy(true);
    setErrors({});
    const problem = await onAdd({ name: name.trim(), address: address.trim() || undefined, type });
    setBusy(false);
    if (problem) {
      setErrors({ address: problem });
      return;
    }
    setName('');
    setAddress('');
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cardVariants({ edge: 'ring', className: 'p-5 [contain-intrinsic-block-size:auto_24rem] [content-visibility:auto] sm:p-6' })}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
        Add New Server
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Add your own server to this board. It is kept in this browser only. With an address, we check it every 30 seconds while this page is open.
      </p>
      <form ref={formRef} className="mt-4 grid gap-4 md:grid-cols-[1fr_1fr_auto_auto] md:items-start" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-200">
            Server Name{' '}
            <span className="text-red-300" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="My Minecraft server"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            className={inputClass}
          />
          {errors.name && (
            <p id={`${id}-name-error`} className="mt-1 text-xs text-red-300">
              {errors.name}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-address`} className="text-sm font-medium text-slate-200">
            Address <span className="font-normal text-slate-400">(optional)</span>
          </label>
          <input
            id={`${id}-address`}
            name="address"
            maxLength={260}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="play.example.com:25565"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? `${id}-address-error` : undefined}
            className={inputClass}
          />
          {errors.address && (
            <p id={`${id}-address-error`} className="mt-1 text-xs text-red-300" role="alert">
              {errors.address}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-type`} className="text-sm font-medium text-slate-200">
            Check
          </label>
          <select id={`${id}-type`} name="type" value={type} onChange={(e) => setType(e.target.value as CheckType)} className={inputClass}>
            <option value="minecraft">Minecraft ping</option>
            <option value="tcp">TCP port</option>
            <option value="http">HTTP</option>
          </select>
        </div>
        <button type="submit" disabled={busy} className={buttonVariants({ className: 'md:mt-6' })}>
          <Plus className="size-4" aria-hidden="true" />
          {busy ? 'Checking…' : 'Add Server'}
        </button>
      </form>
    </section>
  );
}
