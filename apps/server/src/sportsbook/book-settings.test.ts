import {
  ErrorCode,
  oddsE4OfText,
  routes,
  type SportsbookBookSettings,
  type SportsbookBookSettingsView,
  type SportsbookMatch,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing.ts';
import { bookSettingsOf } from './book-settings.ts';
import { defaultSportsbookSettings } from './service.ts';
import { openSportsbookApp, type SportsbookClient } from './test-support.ts';

let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

const readSettings = async () =>
  (await sb.cashier.asOperatorGet<SportsbookBookSettingsView>(routes.adminSportsbookSettings.path)).data;
const saveSettings = (body: object) =>
  sb.cashier.asOperator<SportsbookBookSettingsView>(routes.adminSportsbookSettingsUpdate.path, body);

/** The 独赢 of the first football match of 今日 not yet on the board before `known`. */
const matchResultMarket = (match: SportsbookMatch) => {
  const market = match.markets.find((candidate) => candidate.key === 'match_result:full_time');
  if (!market) {
    throw new Error(`no 独赢 on ${match.matchId}`);
  }
  return market;
};

/** Σ 1/price of a market: 1 + its overround. */
const bookOf = (prices: readonly string[]) =>
  prices.reduce((sum, price) => sum + 10_000 / oddsE4OfText(price), 0);

describe('the book’s margins and limits', () => {
  it('starts on the defaults, and staff set them: the next slip meets the new limits, with the change audited', async () => {
    const defaults = await readSettings();
    expect(defaults).toEqual({ settings: bookSettingsOf(defaultSportsbookSettings), updatedAt: null });
    expect(defaults.settings.marginBps.match_result).toBe(600);

    const tighter: SportsbookBookSettings = {
      ...defaults.settings,
      stakeMin: '2.00',
      stakeMax: { ...defaults.settings.stakeMax, match_result: '20.00' },
    };
    const saved = await saveSettings(tighter);
    expect(saved.code).toBe(6000);
    expect(saved.data.settings).toEqual(tighter);
    expect(saved.data.updatedAt).not.toBeNull();
    expect(await readSettings()).toEqual(saved.data);

    const member = await sb.player('booksettings01');
    const match = (await sb.matches('today', { sport: 'football' })).list[0];
    if (!match) {
      throw new Error('no football match today');
    }
    const pick = matchResultMarket(match).selections[0];
    const leg = {
      matchId: match.matchId,
      marketKey: 'match_result:full_time',
      selectionKey: pick?.key ?? '',
      odds: pick?.odds ?? '',
    };
    const before = await sb.movedSoFar(member);
    const single = (stake: string) =>
      sb.place(member, { kind: 'single', stake, oddsFormat: 'Europe', acceptOdds: 'any', legs: [leg] });
    expect((await single('1.50')).code).toBe(ErrorCode.sportsbookStakeBelowMin);
    expect((await single('25.00')).code).toBe(ErrorCode.sportsbookStakeOverLimit);
    expect(await sb.movedSoFar(member)).toEqual(before);
    expect((await single('20.00')).data.status).toBe('open');

    const audit = await sb.cashier.asOperator<{ list: Array<{ action: string; target: string }> }>(
      routes.adminAuditList.path,
      { action: 'sportsbook.settings_update', target: 'book' },
    );
    expect(audit.data.list).toHaveLength(1);
  });

  it('refuses settings that do not hold together, changing nothing', async () => {
    const current = await readSettings();
    const refusals = [
      { ...current.settings, stakeMax: { ...current.settings.stakeMax, correct_score: '1.00' } },
      { ...current.settings, marginBps: { ...current.settings.marginBps, over_under: 50 } },
      { ...current.settings, stakeMin: '0' },
      { ...current.settings, acceptDelaySeconds: { football: 6, basketball: 4 } },
      { ...current.settings, parlayStakeMax: '-5' },
    ];
    for (const body of refusals) {
      expect((await saveSettings(body)).code).toBe(ErrorCode.validation);
    }
    expect(await readSettings()).toEqual(current);
  });

  it('lets 风控 and a site’s 站点管理员 read them, and only 超级管理员 set them (the book is every site’s)', async () => {
    const current = await readSettings();
    for (const [role, username] of [
      ['risk', 'booksettingsrisk'],
      ['site_admin', 'booksettingsadmin'],
    ] as const) {
      const staff = await sb.cashier.staff(role, username);
      const read = await staff<SportsbookBookSettingsView>('GET', routes.adminSportsbookSettings.path);
      expect(read.code).toBe(6000);
      const write = await staff('POST', routes.adminSportsbookSettingsUpdate.path, read.data.settings);
      expect(write.code).toBe(ErrorCode.common);
    }
    expect(await readSettings()).toEqual(current);
  });

  it('prices the fixtures put on the board after a margin change with the new margin', async () => {
    const current = (await readSettings()).settings;
    const footballIds = async () =>
      [
        ...(await sb.matches('today', { sport: 'football', pageSize: 100 })).list,
        ...(await sb.matches('early', { sport: 'football', pageSize: 100 })).list,
      ].map((match) => match.matchId);
    const onBoard = new Set(await footballIds());
    expect(
      (await saveSettings({ ...current, marginBps: { ...current.marginBps, match_result: 1_500 } })).code,
    ).toBe(6000);
    // Each pass puts the next ten minutes of the schedule on the board, a football round each half hour.
    let fresh: string | undefined;
    for (let pass = 0; pass < 12 && fresh === undefined; pass += 1) {
      await sb.tick();
      fresh = (await footballIds()).find((matchId) => !onBoard.has(matchId));
    }
    if (!fresh) {
      throw new Error('no new football match reached the board');
    }
    const prices = matchResultMarket((await sb.match(fresh)).data).selections.map(
      (selection) => selection.odds,
    );
    // 15 % on the 1X2, give or take the prices' rounding to two decimals.
    expect(bookOf(prices)).toBeGreaterThan(1.13);
    expect(bookOf(prices)).toBeLessThan(1.17);
  });
});
