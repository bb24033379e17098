import { describe, expect, it } from 'vitest';
import { failureWords } from '../../server/status/failure-words.ts';
import { intervalWords, latencyLabel, probedEvery } from '../../src/lib/status-format.ts';

describe("a failed probe's kind in words (docs/decisions.md 86)", () => {
  it('names the kind of failure, never the address or the system code', () => {
    const cases: [string | undefined, string][] = [
      ['HTTP 503', 'HTTP 503'],
      ['HTTP 404', 'HTTP 404'],
      ['connect ECONNREFUSED 203.0.113.7:25565', 'Connection refused'],
      ['read ECONNRESET', 'Connection reset'],
      ['socket hang up', 'Connection reset'],
      ['no connection within 5000 ms', 'Timed out'],
      ['no response within 5000 ms', 'Timed out'],
      ['no answer within 3000 ms', 'Timed out'],
      ['connect ETIMEDOUT 203.0.113.7:443', 'Timed out'],
      ['getaddrinfo ENOTFOUND game.example.com', 'DNS: name not found'],
      ['getaddrinfo EAI_AGAIN game.example.com', 'DNS: lookup failed'],
      ['connect EHOSTUNREACH 203.0.113.7:80', 'Host unreachable'],
      ['connect ENETUNREACH 2001:db8::1:80', 'Network unreachable'],
      ['certificate has expired', 'TLS error'],
      ['self-signed certificate in certificate chain', 'TLS error'],
      ['connected to 10.0.0.1, not the checked 203.0.113.7', 'Answered from another address'],
      ['DNS A play.example.com answered 203.0.113.9, not the expected 203.0.113.7', 'Unexpected answer'],
      ['the answer is not a Minecraft status packet', 'Not a Minecraft answer'],
      ['no answer', 'No answer'],
      [undefined, 'No answer'],
      ['something nobody foresaw at 203.0.113.7', 'No answer'],
    ];
    for (const [error, words] of cases) {
      expect(failureWords(error), String(error)).toBe(words);
      expect(words).not.toMatch(/\d+\.\d+\.\d+\.\d+|E[A-Z]{4,}/);
    }
  });

  it('is what the board shows for a reading without an answer: never "Timeout" for every failure', () => {
    expect(latencyLabel(0, 'HTTP 503')).toBe('HTTP 503');
    expect(latencyLabel(0)).toBe('No answer');
    expect(latencyLabel(42.4, 'HTTP 503')).toBe('42 ms');
  });
});

describe('how often monitors are probed, in words', () => {
  it('says one interval, or the range from the shortest to the longest', () => {
    expect(probedEvery(30)).toBe('Probed every 30 seconds');
    expect(probedEvery(10, 30)).toBe('Probed every 10–30 seconds');
    expect(probedEvery(0.5, 1)).toBe('Probed every 0.5–1 seconds');
    expect(probedEvery(60, 300)).toBe('Probed every 1–5 minutes');
    expect(probedEvery(60)).toBe('Probed every minute');
    expect(probedEvery(undefined)).toBe('Probed around the clock');
    expect(intervalWords(1)).toBe('every second');
    expect(intervalWords(45)).toBe('every 45 seconds');
  });
});
