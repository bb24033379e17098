import { Pencil, Plus } from 'lucide-react';
import { Button } from '../ui/Button.tsx';
import { Notice } from './Notice.tsx';

/** The foot of a console form that adds or edits one thing: its error, Add or Save, and Cancel while editing. */
export function EditFormFooter({
  editing,
  busy,
  error,
  addLabel,
  saveLabel,
  onCancel,
}: {
  editing: boolean;
  busy: boolean;
  error: string | undefined;
  addLabel: string;
  saveLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      <div className="mt-4">
        <Notice tone="error">{error}</Notice>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {editing ? <Pencil aria-hidden="true" className="size-4" /> : <Plus aria-hidden="true" className="size-4" />}
          {editing ? saveLabel : addLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}
