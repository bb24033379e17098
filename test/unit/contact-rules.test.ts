import { describe, expect, it } from 'vitest';
import { contactLimits, isHoneypotFilled, isValidEmail, validateContact } from '../../contracts/contact-rules.ts';

const valid = { name: 'Asha Rao', email: 'asha@example.com', subject: 'Plan question', message: 'Which plan fits 20 players?' };

describe('contact rules', () => {
  it('accepts a complete message and trims every field', () => {
    const result = validateContact({ name: '  Asha Rao ', email: ' asha@example.com ', subject: '\tPlan question\n', message: '\n Hello \n' });
    expect(result).toEqual({ ok: true, value: { name: 'Asha Rao', email: 'asha@example.com', subject: 'Plan question', message: 'Hello' } });
  });

  it.each(['name', 'email', 'subject', 'message'] as const)('requires %s, also when it is only spaces', (field) => {
    for (const blank of [undefined, '', '   \n\t ']) {
      const result = validateContact({ ...valid, [field]: blank });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.fields)).toEqual([field]);
    }
  });

  it('treats values that are not text as missing', () => {
    const result = validateContact({ ...valid, name: 42, message: ['a'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields).sort()).toEqual(['message', 'name']);
  });

  it.each([
    ['name', contactLimits.name],
    ['subject', contactLimits.subject],
    ['message', contactLimits.message],
  ] as const)('takes %s up to %i characters and no more', (field, limit) => {
    expect(validateContact({ ...valid, [field]: 'x'.repeat(limit) }).ok).toBe(true);
    const over = validateContact({ ...valid, [field]: 'x'.repeat(limit + 1) });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.fields[field]).toContain(`at most ${limit.toLocaleString('en-US')} characters`);
  });

  it('counts the limit after trimming', () => {
    expect(validateContact({ ...valid, name: `  ${'x'.repeat(100)}  ` }).ok).toBe(true);
  });

  it.each(['asha@example.com', 'a.b+tag@mail.example.co.in', "o'brien@example.ie", 'x@sub-domain.example.org'])('accepts the address %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
    expect(validateContact({ ...valid, email }).ok).toBe(true);
  });

  it.each([
    'asha',
    'asha@',
    '@example.com',
    'asha@example',
    'as ha@example.com',
    'asha@exa_mple.com',
    'asha@@example.com',
    'asha@-example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses the address %s', (email) => {
    const result = validateContact({ ...valid, email });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.email).toBeTruthy();
  });

  it('reports every field at once, with the values to show again', () => {
    const result = validateContact({ name: '', email: 'nope', subject: ' ', message: 'Hi' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.fields).sort()).toEqual(['email', 'name', 'subject']);
      expect(result.value.message).toBe('Hi');
    }
  });

  it('sees a filled honeypot', () => {
    expect(isHoneypotFilled({ website: '' })).toBe(false);
    expect(isHoneypotFilled({ website: '   ' })).toBe(false);
    expect(isHoneypotFilled({})).toBe(false);
    expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true);
  });
});
