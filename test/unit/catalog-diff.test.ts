import { describe, expect, it } from 'vitest';
import { catalogChanges } from '../../server/catalog/catalog-diff.ts';

type Doc = { plans: { id: string; name: string; currency: string; plans: Record<string, unknown>[] }[]; knowledge: Record<string, unknown>[] };

const document = (): Doc => ({
  plans: [
    {
      id: 'budget-vps',
      name: 'Budget VPS',
      currency: 'USD',
      plans: [
        { id: 'vps-1', name: 'Budget VPS 1', price: 4.99, specs: [{ kind: 'cpu', value: '1 vCPU' }] },
        { id: 'vps-2', name: 'Budget VPS 2', price: 9.99, specs: [{ kind: 'cpu', value: '2 vCPU' }] },
      ],
    },
  ],
  knowledge: [{ id: 'backups', question: 'How do backups work?', answer: 'Daily.' }],
});

/** The catalog's changes in words (docs/decisions.md 96), as the versions list and the audit log show them. */
describe('catalogChanges', () => {
  it('names a price change by line and plan, with the line’s currency', () => {
    const after = document();
    after.plans[0]!.plans[1]!.price = 8.99;
    expect(catalogChanges(document(), after)).toEqual(['Budget VPS › Budget VPS 2 price 9.99 → 8.99 USD']);
  });

  it('says an order change, an added plan, a flag, a spec and an answer once each', () => {
    const after = document();
    const [first, second] = after.plans[0]!.plans;
    after.plans[0]!.plans = [
      second!,
      { ...first!, hidden: true, specs: [{ kind: 'cpu', value: '2 vCPU' }] },
      { id: 'vps-3', name: 'Budget VPS 3', price: 19.99, specs: [] },
    ];
    after.knowledge[0]!.answer = 'Every night.';
    expect(catalogChanges(document(), after)).toEqual([
      'Budget VPS › added Budget VPS 3',
      'Budget VPS order vps-1, vps-2 → vps-2, vps-1',
      'Budget VPS › Budget VPS 1 specs [1 vCPU] → [2 vCPU]',
      'Budget VPS › Budget VPS 1 hidden false → true',
      'Knowledge base › How do backups work? answer "Daily." → "Every night."',
    ]);
  });

  it('finds nothing to say about the same document, or a flag left out against false', () => {
    const after = document();
    after.plans[0]!.plans[0]!.hidden = false;
    expect(catalogChanges(document(), after)).toEqual([]);
  });
});
