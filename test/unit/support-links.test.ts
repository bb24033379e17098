import { describe, expect, it } from 'vitest';
import { continueTokenFromHash } from '../../contracts/support-rules.ts';
import { Signer } from '../../server/lib/signed-token.ts';
import { addressKey, continueLinkDays, SupportLinks } from '../../server/support/support-links.ts';

const secret = 'test-secret-test-secret-test-secret-0123456789';
const id = '0b7f8c1e-2d3a-4f5b-8c6d-7e8f9a0b1c2d';
const now = Date.UTC(2026, 10, 26);

describe('the support desk links and cookie', () => {
  it('opens the conversation it names until it expires, from the fragment the page reads', () => {
    const links = new SupportLinks(secret, 'https://example.com');
    const link = links.continueLink(id, now);
    expect(link.startsWith('https://example.com/support/continue#')).toBe(true);
    const token = continueTokenFromHash(new URL(link).hash);
    expect(token).toBeDefined();
    expect(links.conversationOf(token!, now + (continueLinkDays - 1) * 86_400_000)).toBe(id);
    expect(links.conversationOf(token!, now + (continueLinkDays + 1) * 86_400_000)).toBeUndefined();
  });

  it('refuses a token changed, signed with another secret, or signed for the cookie', () => {
    const links = new SupportLinks(secret, 'https://example.com');
    const token = new URL(links.continueLink(id, now)).hash.slice(1);
    const other = new SupportLinks(`${secret}x`, 'https://example.com');
    expect(links.conversationOf(token.replace(id, id.replace('0b7f', '1b7f')), now)).toBeUndefined();
    expect(links.conversationOf(new URL(other.continueLink(id, now)).hash.slice(1), now)).toBeUndefined();
    expect(links.visitorOf(token)).toBeUndefined();
    expect(links.conversationOf(links.visitorCookie(`${id}.zzzzzzzz`), now)).toBeUndefined();
  });

  it('names the address a link was mailed to, by a key that ignores case; a link without one proves no address', () => {
    const links = new SupportLinks(secret, 'https://example.com');
    const mailed = new URL(links.continueLink(id, now, 'Lee@Example.com')).hash.slice(1);
    expect(mailed).not.toContain('Lee');
    expect(links.continueOf(mailed, now)).toEqual({ conversationId: id, addressKey: addressKey('lee@example.com') });
    expect(addressKey('lee@example.com')).not.toBe(addressKey('lee@example.org'));
    expect(links.continueOf(new URL(links.continueLink(id, now)).hash.slice(1), now)).toEqual({ conversationId: id, addressKey: undefined });
    // The key is signed with the rest: another address cannot be put in.
    const [value] = mailed.split(/\.(?=[^.]+$)/);
    const swapped = `${value!.replace(addressKey('lee@example.com'), addressKey('mallory@example.com'))}.${mailed.split('.').at(-1)}`;
    expect(links.continueOf(swapped, now)).toBeUndefined();
  });

  it('signs values for one purpose each', () => {
    const a = new Signer(secret, 'a');
    const b = new Signer(secret, 'b');
    expect(a.verify(a.sign('value'))).toBe('value');
    expect(b.verify(a.sign('value'))).toBeUndefined();
    expect(a.verify('value')).toBeUndefined();
    expect(a.verify(undefined)).toBeUndefined();
  });
});
