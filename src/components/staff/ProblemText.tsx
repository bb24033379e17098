import { CeremonyError } from './passkey-ceremony.ts';

/** A refusal as a person reads it: its message, and the link to where it works when there is one. */
export function ProblemText({ error }: { error: unknown }) {
  if (error === undefined) return null;
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof CeremonyError) || !error.href) return <>{message}</>;
  return (
    <>
      {message}{' '}
      <a href={error.href} className="font-medium break-all underline underline-offset-4">
        {error.href.split('#')[0]}
      </a>
    </>
  );
}
