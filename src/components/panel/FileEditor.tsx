import { ArrowLeft, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { maxEditBytes } from '../../../contracts/panel-rules.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { messageOf } from '../../lib/api-client.ts';
import { buttonVariants } from '../ui/button-variants.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { panelApi } from './panel-api.ts';
import { Card, CardHeader } from '../ui/Card.tsx';

const texts = panelTexts.files.editor;

/**
 * A text file (at most 1 MiB) in a plain textarea: Save (or Ctrl+S) writes it back; Close asks
 * first when there are unsaved changes. A key without write permission sees the text only.
 */
export function FileEditor({ path, canSave, onClose }: { path: string; canSave: boolean; onClose(message?: string): void }) {
  const [content, setContent] = useState<string>();
  const [saved, setSaved] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [askDiscard, setAskDiscard] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  useEffect(() => {
    let cancelled = false;
    panelApi.readFile(path).then(
      (file) => {
        if (cancelled) return;
        setContent(file.content);
        setSaved(file.content);
        requestAnimationFrame(() => area.current?.focus());
      },
      (failure: unknown) => !cancelled && setError(messageOf(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [path]);

  const dirty = content !== undefined && content !== saved;

  const save = async () => {
    if (content === undefined || saving || !canSave) return;
    if (new TextEncoder().encode(content).length > maxEditBytes) {
      setError(texts.tooLarge);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await panelApi.writeFile(path, content);
      setSaved(content);
      setStatus(texts.saved(path));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  const close = () => (dirty ? setAskDiscard(true) : onClose());

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    }
  };

  return (
    <Card as="section" aria-labelledby={`${ids}-heading`} data-testid="file-editor">
      <CardHeader>
        <h3 id={`${ids}-heading`} className="min-w-0 truncate font-mono text-sm font-semibold text-white">
          {path}
          {dirty && <span className="ml-2 font-sans text-xs font-normal text-yellow-200">({texts.unsaved})</span>}
        </h3>
        <div className="flex gap-2">
          <button type="button" onClick={close} className={buttonVariants({ variant: 'ghost', size: 'xs' })}>
            <ArrowLeft aria-hidden className="size-4" /> {texts.close}
          </button>
          {canSave && (
            <button type="button" onClick={() => void save()} disabled={!dirty || saving} className={buttonVariants({ size: 'xs' })}>
              <Save aria-hidden className="size-4" /> {saving ? texts.saving : texts.save}
            </button>
          )}
        </div>
      </CardHeader>
      <p role="status" className="px-4 pt-2 text-sm text-green-300 sm:px-5">
        {status}
      </p>
      {error && (
        <p role="alert" className="mx-4 mt-3 rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200 sm:mx-5">
          {error}
        </p>
      )}
      <div className="p-3 sm:p-4">
        <label htmlFor={`${ids}-text`} className="sr-only">
          {texts.label(path)}
        </label>
        <textarea
          ref={area}
          id={`${ids}-text`}
          value={content ?? ''}
          readOnly={!canSave || content === undefined}
          onChange={(e) => {
            setContent(e.target.value);
            setStatus('');
          }}
          onKeyDown={onKeyDown}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          wrap="off"
          className="block h-[60vh] max-h-[36rem] min-h-64 w-full resize-y rounded-lg border border-white/10 bg-black/60 p-3 font-mono text-[13px] leading-5 text-slate-100 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
      </div>
      <ConfirmDialog
        open={askDiscard}
        title={texts.discardTitle}
        body={texts.discardBody(path)}
        confirmLabel={texts.discard}
        cancelLabel={panelTexts.files.prompts.cancel}
        destructive
        onConfirm={() => {
          setAskDiscard(false);
          onClose();
        }}
        onCancel={() => setAskDiscard(false)}
      />
    </Card>
  );
}
