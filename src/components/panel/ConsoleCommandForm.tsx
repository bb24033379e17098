import { Send } from 'lucide-react';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { panelTexts } from '../../data/panel-texts.ts';
import { emptyHistory, newer, older, remember } from '../../lib/command-history.ts';
import { buttonVariants } from '../ui/button-variants.ts';

const texts = panelTexts.console;

/**
 * The console's command line: Up and Down recall earlier commands, nothing is sent to an offline
 * server (and it says so); `onSent` runs after a command was accepted.
 */
export function ConsoleCommandForm({ onSend, offline, onSent }: { onSend(command: string): Promise<boolean>; offline: boolean; onSent(): void }) {
  const [command, setCommand] = useState('');
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState(emptyHistory);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!command.trim() || sending || offline) return;
    setSending(true);
    const sent = await onSend(command);
    setSending(false);
    if (sent) {
      setHistory((h) => remember(h, command));
      setCommand('');
      onSent();
    }
  };

  // Up and Down recall earlier commands, as in a terminal.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const step = event.key === 'ArrowUp' ? older(history, command) : event.key === 'ArrowDown' ? newer(history) : undefined;
    if (!step) return;
    event.preventDefault();
    setHistory(step.history);
    setCommand(step.text);
  };

  return (
    <>
      <form onSubmit={submit} className="flex gap-2 border-t border-white/10 p-3">
        <label htmlFor="console-command" className="sr-only">
          Console command
        </label>
        <input
          id="console-command"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Enter command..."
          aria-describedby={offline ? 'console-command-offline console-command-hint' : 'console-command-hint'}
          maxLength={1000}
          className="min-w-0 flex-1 rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 font-mono text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <span id="console-command-hint" className="sr-only">
          Up and Down arrows recall earlier commands.
        </span>
        <button type="submit" disabled={!command.trim() || sending || offline} className={buttonVariants()}>
          <Send aria-hidden className="size-4" /> Send
        </button>
      </form>
      {offline ? (
        <p id="console-command-offline" className="-mt-1 px-3 pb-3 text-sm text-amber-200">
          {texts.offline}
        </p>
      ) : null}
    </>
  );
}
