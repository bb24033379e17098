import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citationsIn, decisionNumbers, unknownCitations } from '../../scripts/decision-citations.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('citations of docs/decisions.md', () => {
  it('name only decisions the file has, in code and docs', () => {
    expect(unknownCitations(root).map((c) => `${c.file}:${c.line} ${c.text}`)).toEqual([]);
  });

  it('fail on a fixture that cites a decision the file does not have', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decision-citations-'));
    try {
      fs.mkdirSync(path.join(dir, 'docs'));
      fs.mkdirSync(path.join(dir, 'server'));
      fs.writeFileSync(path.join(dir, 'docs/decisions.md'), '# Decisions\n\n## 1. One\n\nText.\n\n## 2. Two\n\nText.\n');
      fs.writeFileSync(path.join(dir, 'server/a.ts'), '// Why (docs/decisions.md 2).\nexport const a = 1; // docs/decisions.md 1, 7\n');
      fs.writeFileSync(path.join(dir, 'docs/architecture.md'), 'As decision 9 says, and decisions.md 58/60.\n');
      const unknown = unknownCitations(dir).map((c) => [c.file, c.line, c.number]);
      expect(unknown).toEqual([
        ['server/a.ts', 2, 7],
        ['docs/architecture.md', 1, 9],
        ['docs/architecture.md', 1, 58],
        ['docs/architecture.md', 1, 60],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the headings as the decisions, and lists of numbers as citations of each', () => {
    expect([...decisionNumbers('## 1. A\n## 12. B\n### 13. not a decision\n')]).toEqual([1, 12]);
    expect(citationsIn('f', 'docs/decisions.md 3 and 4; Decision 5; decisions 6 & 7; [decisions.md](decisions.md) 8-9').map((c) => c.number)).toEqual([
      3, 4, 5, 6, 7, 8, 9,
    ]);
  });
});
