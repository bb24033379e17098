import { Fragment } from 'react';
import { visiblePieces } from '../../lib/visible-text.ts';

/**
 * Visitor text as plain text (React escapes HTML), with every hidden or control character shown
 * as its code in a marked box (src/lib/visible-text.ts), so it cannot reorder or hide anything.
 */
export function VisibleText({ text, multiline = false }: { text: string; multiline?: boolean }) {
  return (
    <>
      {visiblePieces(text, { multiline }).map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in the text's order: a piece's place is its identity.
        <Fragment key={i}>
          {'code' in piece ? (
            <span
              className="mx-px rounded bg-amber-400/15 px-1 font-mono text-[0.8em] text-amber-100 ring-1 ring-amber-400/40 ring-inset"
              title="A hidden or control character, shown as its code"
            >
              {piece.code}
            </span>
          ) : (
            piece.text
          )}
        </Fragment>
      ))}
    </>
  );
}
