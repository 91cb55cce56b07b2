import { describe, expect, it } from 'vitest';
import { captureEntryParams, isAppSession, readReferral } from './entry-params.ts';
import { readToken } from './token.ts';

const hourMs = 3_600_000;

describe('entry params', () => {
  it('stores agent_verify from any page', () => {
    captureEntryParams('?agent_verify=abc123');
    expect(localStorage.getItem('agent_verify')).toBe('abc123');
  });

  it('keeps i_code, r_code and r_bet for 12 hours', () => {
    const savedAt = Date.UTC(2026, 0, 1);
    captureEntryParams('?i_code=I1&r_code=R1&r_bet=B1', savedAt);
    for (const [param, value] of [
      ['i_code', 'I1'],
      ['r_code', 'R1'],
      ['r_bet', 'B1'],
    ] as const) {
      expect(readReferral(param, savedAt + 12 * hourMs)).toBe(value);
      expect(readReferral(param, savedAt + 12 * hourMs + 1)).toBeUndefined();
    }
  });

  it('keeps invite_code for 24 hours', () => {
    const savedAt = Date.UTC(2026, 0, 1);
    captureEntryParams('?invite_code=INV', savedAt);
    expect(readReferral('invite_code', savedAt + 23 * hourMs)).toBe('INV');
    expect(readReferral('invite_code', savedAt + 24 * hourMs + 1)).toBeUndefined();
  });

  it('treats a missing or malformed referral as absent', () => {
    localStorage.setItem('referral:i_code', 'not json');
    expect(readReferral('i_code')).toBeUndefined();
    expect(readReferral('r_code')).toBeUndefined();
  });

  it('signs in with the token or appdown-token param', () => {
    captureEntryParams('?token=tok-1');
    expect(readToken()).toBe('tok-1');
    captureEntryParams('?appdown-token=tok-2');
    expect(readToken()).toBe('tok-2');
    expect(localStorage.getItem('appdown-token')).toBe('tok-2');
  });

  it('marks the session as in-app with isApp=1', () => {
    expect(isAppSession()).toBe(false);
    captureEntryParams('?isApp=1');
    expect(isAppSession()).toBe(true);
  });
});
