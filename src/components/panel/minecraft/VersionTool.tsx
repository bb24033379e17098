import { Package } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { maxStartupValueLength, ruleProblem, startupValuePattern } from '../../../../contracts/startup-rules.ts';
import { minecraftTexts } from '../../../data/minecraft-tools-texts.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { panelApi } from '../panel-api.ts';
import { ToolFrame, ToolStatus } from '../ToolFrame.tsx';
import { minecraftApi, type StartupAnswer, type StartupVariable } from './minecraft-api.ts';

const texts = minecraftTexts.version;
/** While the server reinstalls, its state is read again this often. */
const installPollMs = 2000;

const inputClasses =
  'mt-1 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60';

function VariableForm({ variable, busy, onSave }: { variable: StartupVariable; busy: boolean; onSave(value: string): Promise<void> }) {
  const ids = useId();
  const [value, setValue] = useState(variable.value);
  const [error, setError] = useState<string>();
  useEffect(() => setValue(variable.value), [variable.value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      value.length > maxStartupValueLength || !startupValuePattern.test(value)
        ? 'Letters, digits and . _ : + - / @ , = only (no spaces or shell characters).'
        : variable.rules
          ? ruleProblem(variable.rules, value)
          : variable.choices && !variable.choices.includes(value)
            ? `One of ${variable.choices.join(', ')}.`
            : undefined;
    setError(problem);
    if (!problem) await onSave(value);
  };

  const hint = error ?? (variable.editable ? (variable.appliesOn === 'reinstall' ? texts.appliesOnReinstall : texts.appliesOnRestart) : texts.readOnly);
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="rounded-lg border border-white/10 bg-surface-950/40 p-4"
      noValidate
      data-testid={`variable-${variable.key}`}
    >
      <label htmlFor={`${ids}-value`} className="block font-semibold text-white">
        {variable.name}
      </label>
      {variable.description && <p className="mt-1 text-sm text-slate-400">{variable.description}</p>}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          {variable.choices ? (
            <select
              id={`${ids}-value`}
              className={inputClasses}
              value={value}
              disabled={!variable.editable}
              onChange={(event) => setValue(event.target.value)}
              aria-describedby={`${ids}-hint`}
            >
              {!variable.choices.includes(value) && <option value={value}>{value}</option>}
              {variable.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${ids}-value`}
              className={`${inputClasses} font-mono`}
              value={value}
              readOnly={!variable.editable}
              onChange={(event) => setValue(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-hint`}
              aria-invalid={error ? true : undefined}
            />
          )}
        </div>
        {variable.editable && (
          <button type="submit" className={buttonVariants({ size: 'sm' })} disabled={busy || value === variable.value}>
            {texts.save}
            <span className="sr-only"> {variable.name}</span>
          </button>
        )}
      </div>
      <p id={`${ids}-hint`} className={`mt-1 text-xs ${error ? 'text-red-300' : 'text-slate-400'}`}>
        <code className="font-mono">{variable.key}</code> · {hint}
      </p>
    </form>
  );
}

/**
 * The Version tool (docs/decisions.md 112): the software and version the provider lets the
 * customer choose (the egg's user-editable variables, or the servers file's), each checked by its
 * rules; a change that needs a reinstall says so and offers a backup first; the reinstall's
 * progress is followed until the server is installed again.
 */
export function VersionTool() {
  const [answer, setAnswer] = useState<StartupAnswer>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [pendingReinstall, setPendingReinstall] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const wasInstalling = useRef(false);
  const ids = useId();

  const load = useCallback(async () => {
    try {
      const next = await minecraftApi.startup();
      setAnswer(next);
      if (wasInstalling.current && next.status !== 'installing') setStatus(next.status === 'install_failed' ? texts.installFailed : texts.installed);
      wasInstalling.current = next.status === 'installing';
    } catch (error) {
      setStatus(messageOf(error));
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (answer?.status !== 'installing') return;
    const timer = window.setInterval(() => void load(), installPollMs);
    return () => window.clearInterval(timer);
  }, [answer?.status, load]);

  const act = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    try {
      const message = await work();
      if (message) setStatus(message);
    } catch (error) {
      setStatus(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const save = (variable: StartupVariable) => (value: string) =>
    act(async () => {
      const done = await minecraftApi.setVariable(variable.key, value);
      if (done.variable.appliesOn === 'reinstall' && answer?.canReinstall) setPendingReinstall(true);
      await load();
      return done.message;
    });

  const installing = answer?.status === 'installing';
  return (
    <ToolFrame ids={ids} icon={Package} title={minecraftTexts.tools.version} testId="version-tool">
      <ToolStatus testId="version-status">{status}</ToolStatus>
      {!answer ? (
        <p className="p-5 text-sm text-slate-400">{texts.loading}</p>
      ) : (
        <div className="space-y-4 p-4 sm:p-5">
          {installing ? (
            <p className="rounded-lg border border-brand-400/30 bg-brand-500/10 p-3 text-sm text-brand-100" data-testid="version-installing">
              {texts.installing}
            </p>
          ) : (
            <p className="text-sm text-slate-400">{answer.canReinstall ? texts.intro : texts.localIntro}</p>
          )}
          {!installing && answer.variables.length === 0 && <p className="text-sm text-slate-400">{texts.none}</p>}
          {answer.variables.map((variable) => (
            <VariableForm key={variable.key} variable={variable} busy={busy || installing} onSave={save(variable)} />
          ))}
          {pendingReinstall && !installing && (
            <div className="space-y-3 rounded-lg border border-yellow-500/30 bg-yellow-500/10 p-4 text-sm text-yellow-100" data-testid="reinstall-needed">
              <p>{texts.reinstallNeeded}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                  disabled={busy}
                  onClick={() =>
                    void act(async () => {
                      await panelApi.createBackup(texts.backupName);
                      return texts.backupStarted;
                    })
                  }
                >
                  {texts.backupFirst}
                </button>
                {confirming ? (
                  <>
                    <span className="basis-full">{texts.confirmReinstall}</span>
                    <button
                      type="button"
                      className={buttonVariants({ variant: 'destructive', size: 'sm' })}
                      disabled={busy}
                      onClick={() =>
                        void act(async () => {
                          await minecraftApi.reinstall();
                          setPendingReinstall(false);
                          setConfirming(false);
                          wasInstalling.current = true;
                          // The box below says it is installing: the status line waits for the outcome.
                          setStatus('');
                          await load();
                          return undefined;
                        })
                      }
                    >
                      {texts.reinstall}
                    </button>
                    <button type="button" className={buttonVariants({ variant: 'ghost', size: 'sm' })} onClick={() => setConfirming(false)}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <button type="button" className={buttonVariants({ variant: 'destructive', size: 'sm' })} disabled={busy} onClick={() => setConfirming(true)}>
                    {texts.reinstall}
                  </button>
                )}
              </div>
            </div>
          )}
        </div>
      )}
    </ToolFrame>
  );
}
