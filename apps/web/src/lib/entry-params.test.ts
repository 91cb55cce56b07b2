import { describe, expect, it, vi } from 'vitest';
import { adoptEntryToken, captureEntryParams, isAppSession, readReferral } from './entry-params.ts';
import { messages } from './messages.ts';
import { modalSnapshot, settleModal } from './modal-store.ts';
import { readToken, saveToken } from './token.ts';

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

  it('hands back the token or appdown-token param without signing in yet', () => {
    expect(captureEntryParams('?token=tok-1')).toBe('tok-1');
    expect(captureEntryParams('?appdown-token=tok-2')).toBe('tok-2');
    expect(localStorage.getItem('appdown-token')).toBe('tok-2');
    expect(captureEntryParams('?i_code=I1')).toBeUndefined();
    expect(readToken()).toBeUndefined();
  });

  it('marks the session as in-app with isApp=1', () => {
    expect(isAppSession()).toBe(false);
    captureEntryParams('?isApp=1');
    expect(isAppSession()).toBe(true);
  });
});

describe('a token from the entry URL', () => {
  /** Answers the one open question, as the person at the screen would. */
  function answer(isConfirmed: boolean) {
    const [question] = modalSnapshot();
    expect(question).toMatchObject({
      kind: 'confirm',
      content: messages.shell.switchAccountConfirm,
      confirmText: messages.shell.switchAccount,
      cancelText: messages.shell.keepAccount,
    });
    settleModal(question?.id ?? 0, isConfirmed);
  }

  it('signs in at once when no one is signed in, or when it is the session already', async () => {
    const reload = vi.fn();
    expect(await adoptEntryToken('tok-a', { reload })).toBe(true);
    expect(await adoptEntryToken('tok-a', { reload })).toBe(true);
    expect(readToken()).toBe('tok-a');
    expect(modalSnapshot()).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the current member when the switch is declined', async () => {
    saveToken('tok-a');
    localStorage.setItem('userInfo', '{"username":"membera"}');
    const reload = vi.fn();
    const adopted = adoptEntryToken('tok-b', { reload });
    expect(readToken()).toBe('tok-a');
    answer(false);
    expect(await adopted).toBe(false);
    expect(readToken()).toBe('tok-a');
    expect(localStorage.getItem('userInfo')).not.toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('switches on yes, dropping the previous member, and reloads the page', async () => {
    saveToken('tok-a');
    localStorage.setItem('userInfo', '{"username":"membera"}');
    const reload = vi.fn();
    const adopted = adoptEntryToken('tok-b', { reload });
    answer(true);
    expect(await adopted).toBe(true);
    expect(readToken()).toBe('tok-b');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
