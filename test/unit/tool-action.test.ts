import { describe, expect, it } from 'vitest';
import { runToolAction } from '../../src/components/panel/tool-action.ts';
import { ApiError } from '../../src/lib/api-client.ts';

describe("a panel tool's action", () => {
  it("says what it did, then reads the tool's list again", async () => {
    const said: string[] = [];
    const steps: string[] = [];
    await runToolAction(
      async () => {
        steps.push('action');
        return 'Deleted "world".';
      },
      (message) => said.push(message),
      async () => {
        steps.push('reload');
      },
    );
    expect(said).toEqual(['Deleted "world".']);
    expect(steps).toEqual(['action', 'reload']);
  });

  it("says the server's message when refused, a general one otherwise, and reads the list again either way", async () => {
    const said: string[] = [];
    let reloads = 0;
    const reload = async () => {
      reloads++;
    };
    await runToolAction(
      () => Promise.reject(new ApiError(409, 'locked', 'This backup is locked.')),
      (m) => said.push(m),
      reload,
    );
    await runToolAction(
      () => Promise.reject(new Error('socket hang up')),
      (m) => said.push(m),
      reload,
    );
    await runToolAction(
      async () => undefined,
      (m) => said.push(m),
      reload,
    );
    expect(said).toEqual(['This backup is locked.', 'Something went wrong. Please try again.']);
    expect(reloads).toBe(3);
  });
});
