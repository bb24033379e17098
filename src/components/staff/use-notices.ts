import { useState } from 'react';

export interface Notices {
  /** What failed, for the section's error notice. */
  error: string | undefined;
  /** What was done, for its success notice. */
  status: string | undefined;
  setStatus: (status: string | undefined) => void;
  /** Something failed: say what. */
  failed: (e: unknown) => void;
  /** A change is done: say so, and no error. */
  report: (said: string) => void;
  /** Runs a change, then says it was done (`done`) or what failed. Returns whether it was done. */
  run: (work: () => Promise<unknown>, done: string) => Promise<boolean>;
}

/** A console section's two notices: what failed and what was done. */
export function useNotices(problem: (e: unknown) => string): Notices {
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const failed = (e: unknown) => setError(problem(e));
  const report = (said: string) => {
    setError(undefined);
    setStatus(said);
  };
  const run = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    setError(undefined);
    setStatus(undefined);
    try {
      await work();
      setStatus(done);
      return true;
    } catch (e) {
      setError(problem(e));
      return false;
    }
  };
  return { error, status, setStatus, failed, report, run };
}
