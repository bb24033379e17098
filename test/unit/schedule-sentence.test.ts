import { describe, expect, it } from 'vitest';
import { scheduleTexts, tasksSentence } from '../../src/data/panel-schedules.ts';

describe('a schedule’s tasks in words', () => {
  it('reads as one sentence, each wait said where it happens', () => {
    expect(
      tasksSentence([
        { kind: 'command', delaySeconds: 0, command: 'say Restarting in 5 seconds' },
        { kind: 'backup', delaySeconds: 5 },
        { kind: 'power', delaySeconds: 0, signal: 'restart' },
      ]),
    ).toBe('Send “say Restarting in 5 seconds”, then, 5 seconds later, make a backup, then restart the server.');
    expect(tasksSentence([{ kind: 'power', delaySeconds: 90, signal: 'stop' }])).toBe('1 minute 30 seconds after its time, stop the server.');
  });

  it('never says a task "waits at once"', () => {
    const words = [0, 1].flatMap((first) => [0, 5].map((s) => scheduleTexts.editor.delayWords(s, first === 0)));
    expect(words).toEqual([
      'Starts at the scheduled time.',
      'Starts 5 seconds after the scheduled time.',
      'Starts as soon as the task before ends.',
      'Starts 5 seconds after the task before ends.',
    ]);
    expect(words.join(' ')).not.toMatch(/at once/);
  });
});
