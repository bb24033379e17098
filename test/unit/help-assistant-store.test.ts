import { describe, expect, it } from 'vitest';
import { closeHelpAssistant, onHelpAssistantToggle, openHelpAssistant } from '../../src/lib/help-assistant-store.ts';

describe('opening the help assistant from another island', () => {
  it('tells the subscribed assistant to open and close', () => {
    const seen: boolean[] = [];
    const unsubscribe = onHelpAssistantToggle((open) => seen.push(open));
    openHelpAssistant();
    closeHelpAssistant();
    unsubscribe();
    openHelpAssistant();
    expect(seen).toEqual([true, false]);
    // The call above had no listener: it waits for the next one.
    const late: boolean[] = [];
    onHelpAssistantToggle((open) => late.push(open))();
    expect(late).toEqual([true]);
  });

  it('keeps an early Live Chat click until the assistant hydrates, once', () => {
    openHelpAssistant();
    const first: boolean[] = [];
    const unsubscribe = onHelpAssistantToggle((open) => first.push(open));
    expect(first).toEqual([true]);
    unsubscribe();
    const second: boolean[] = [];
    onHelpAssistantToggle((open) => second.push(open))();
    expect(second).toEqual([]);
  });
});
