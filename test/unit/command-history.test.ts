import { describe, expect, it } from 'vitest';
import { emptyHistory, historyLimit, newer, older, remember, type CommandHistory } from '../../src/lib/command-history.ts';

const sent = (...commands: string[]): CommandHistory => commands.reduce(remember, emptyHistory);

describe('console command history', () => {
  it('has nothing to recall before a command was sent', () => {
    expect(older(emptyHistory, 'typing')).toBeUndefined();
    expect(newer(emptyHistory)).toBeUndefined();
  });

  it('goes back through older commands, stops at the oldest, and comes back to the draft', () => {
    let history = sent('list', 'say hi', 'time set day');
    const steps: string[] = [];
    let step = older(history, 'wea')!;
    for (let i = 0; i < 4; i++) {
      steps.push(step.text);
      history = step.history;
      step = older(history, step.text)!;
    }
    expect(steps).toEqual(['time set day', 'say hi', 'list', 'list']);
    const forward: string[] = [];
    for (let next = newer(history); next; next = newer(history)) {
      forward.push(next.text);
      history = next.history;
    }
    expect(forward).toEqual(['say hi', 'time set day', 'wea']);
    expect(history.position).toBeUndefined();
  });

  it('keeps a repeated command once and only the newest entries', () => {
    expect(sent('list', 'list', 'say a', 'list').entries).toEqual(['list', 'say a', 'list']);
    const many = sent(...Array.from({ length: historyLimit + 5 }, (_, i) => `cmd ${i}`));
    expect(many.entries).toHaveLength(historyLimit);
    expect(many.entries[0]).toBe('cmd 5');
  });

  it('ends browsing when a command is sent', () => {
    const browsing = older(sent('a', 'b'), '')!.history;
    expect(browsing.position).toBe(1);
    expect(remember(browsing, 'b')).toEqual({ entries: ['a', 'b'], position: undefined, draft: '' });
  });
});
