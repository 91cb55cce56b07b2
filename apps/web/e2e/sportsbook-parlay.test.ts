import { formatFen, parseYuan, routes, type SportsbookBetView, type SportsbookMatch } from '@site/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRunningClock, startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, enterSite, openBrowser, settleAnimations, viewports } from './browser.ts';
import { type SharedClock, sharedClock } from './shared-clock.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let operatorToken = '';
let sessions: BrowserSession[] = [];
let api: TestApi;
let clock: SharedClock;
const phone = viewports.find((viewport) => viewport.name === 'phone') ?? viewports[0];

/**
 * Where a football round of the built-in feed stands, in wall time after its kick-off (its pace
 * in apps/server/src/sportsbook/simulated-feed.ts: six seconds of play a second, a two-minute
 * break). A half is 46 to 48 minutes with its stoppage time, so at 480 s every match of the round
 * is in its break, which lasts until 580 s at the earliest: nothing can score, so an in-play bet
 * taken then outlives its acceptance delay whatever the match does. The longest match is over at
 * 480 + 120 + 50 · 60 / 6 = 1,100 s.
 */
const halfTimeAfterKickOffMs = 480_000;
const breakEndsAfterKickOffMs = 580_000;
const finishedAfterKickOffMs = 1_110_000;
/** Past the in-play acceptance delay of football (6 s, settings.acceptDelayMs). */
const acceptWaitMs = 10_000;

/** The kick-off of the next football round the feed has put on the board. */
async function nextFootballKickOffMs(): Promise<number> {
  let kickOffMs: number | undefined;
  await expect
    .poll(
      async () => {
        const scheduled = [
          ...(await api.footballMatches('today')),
          ...(await api.footballMatches('early')),
        ].filter((match) => match.status === 'scheduled');
        kickOffMs = Math.min(...scheduled.map((match) => Date.parse(match.kickOffAt)));
        return Number.isFinite(kickOffMs);
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(true);
  return kickOffMs ?? Number.NaN;
}

const fullTimeResultOf = (match: SportsbookMatch) =>
  match.markets.find((market) => market.key === 'match_result:full_time');

/**
 * The full-time 独赢 pick at the shortest price: the feed leaves out a pick too sure to price (a
 * 主胜 when the home side leads 3-0 at half-time), and the favourite moves the book least.
 */
function favouriteOf(match: SportsbookMatch) {
  const selections = fullTimeResultOf(match)?.selections ?? [];
  return selections.toSorted((a, b) => Number(a.odds) - Number(b.odds))[0];
}

/** The accessible name of the favourite's price button, before its price. */
const pickLabel = (match: SportsbookMatch) => `${match.home} ${match.away} 独赢 ${favouriteOf(match)?.name}`;

const isTakingBets = (match: SportsbookMatch) =>
  !match.isSuspended && fullTimeResultOf(match)?.status === 'open' && favouriteOf(match) !== undefined;

/** Two matches of the round kicked off at `kickOffMs`, in their half-time break and taking bets. */
async function twoMatchesAtHalfTime(kickOffMs: number): Promise<[SportsbookMatch, SportsbookMatch]> {
  let matches: SportsbookMatch[] = [];
  await expect
    .poll(
      async () => {
        matches = (await api.footballMatches('live')).filter(
          (match) =>
            Date.parse(match.kickOffAt) === kickOffMs && match.phase === 'half_time' && isTakingBets(match),
        );
        return matches.length;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(2);
  return [matches[0] as SportsbookMatch, matches[1] as SportsbookMatch];
}

const balanceOf = async (token: string) =>
  (await api.call<{ mainBalance: string }>(routes.walletSummary.path, {}, token)).mainBalance;

const betsOf = async (token: string) =>
  (
    await api.call<{ list: SportsbookBetView[] }>(
      routes.sportsbookBets.path,
      { pageNum: 1, pageSize: 20 },
      token,
    )
  ).list;

beforeAll(async () => {
  const serverClock = createRunningClock();
  server = await startTestServer({ feedIntervalMs: 1_000, clock: serverClock });
  clock = sharedClock(serverClock);
  api = testApi(server.baseUrl, { clock: serverClock });
  operatorToken = await server.signInNewOperator('e2esbparlay');
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe(`sportsbook parlay at ${phone?.width} x ${phone?.height}`, () => {
  it('places a 2串1 on two live matches, watches it settle on a fast clock, and finds it in the records', async () => {
    if (!phone) {
      throw new Error('no phone viewport');
    }
    const token = await api.memberWithMoney(operatorToken, 'e2esbparlay1', '200.00');
    const kickOffMs = await nextFootballKickOffMs();
    const session = await openBrowser(phone);
    sessions.push(session);
    // No page follows the clock yet: the server alone jumps to the round's half-time break.
    await clock.advanceTo(kickOffMs + halfTimeAfterKickOffMs);
    const [first, second] = await twoMatchesAtHalfTime(kickOffMs);
    await clock.follow(session.page);
    await session.context.addInitScript((value) => {
      localStorage.setItem('token', value);
      sessionStorage.setItem('securityNoticeShown', '1');
    }, token);
    const { page } = session;

    // 滚球 lists the round in play; the first match's page offers its in-play markets.
    await enterSite(page, `${server.baseUrl}/game/sport/book?filter=live`);
    const rowOf = (match: SportsbookMatch) =>
      page.getByTestId('sb-match').filter({ hasText: match.home }).filter({ hasText: match.away });
    await rowOf(first).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/game/sport/book/match/${first.matchId}`);
    await expect
      .poll(() => page.getByTestId('sb-score').textContent())
      .toBe(`${first.score.home} - ${first.score.away}`);
    const matchResult = page.getByRole('region', { name: '独赢', exact: true });
    await matchResult.getByRole('button', { name: pickLabel(first) }).click();
    await page.getByRole('button', { name: '投注单 1' }).waitFor();

    // Back on the list, the second leg comes from another match's row.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/game/sport/book');
    await rowOf(second)
      .getByRole('button', { name: pickLabel(second) })
      .click();
    await page.getByRole('button', { name: '投注单 2' }).click();
    const slip = page.getByRole('dialog', { name: '投注单' });
    await settleAnimations(page);
    await slip.getByRole('button', { name: '2串1' }).click();
    await slip.getByRole('textbox', { name: '投注额', exact: true }).fill('10');
    await slip.getByRole('combobox', { name: '赔率变化' }).selectOption('any');
    await slip.getByText('预计返还').waitFor();
    await slip.getByRole('button', { name: '确认投注' }).click();
    await page.getByText('投注成功').first().waitFor();
    await expect.poll(() => balanceOf(token)).toBe('190.00');
    await page.getByTestId('sb-balance').getByText('¥190.00').waitFor({ timeout: 15_000 });
    const [placed] = await betsOf(token);
    expect(placed).toMatchObject({ kind: 'parlay', name: '2串1', stake: '10.00' });
    expect(placed?.acceptAt).not.toBeNull();
    expect(placed?.legs.map((leg) => [leg.matchId, leg.selectionKey, leg.isInPlay])).toEqual([
      [first.matchId, favouriteOf(first)?.key, true],
      [second.matchId, favouriteOf(second)?.key, true],
    ]);

    // 注单 shows it while the acceptance delay runs out.
    await page.getByRole('link', { name: '注单', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/game/sport/book/bets');
    const card = page.getByTestId('sb-bet').filter({ hasText: `${first.home} VS ${first.away}` });
    await card.getByText('2串1').waitFor();
    // Both matches are still in their break when the delay ends, so the bet stands.
    expect(clock.now() + acceptWaitMs).toBeLessThan(kickOffMs + breakEndsAfterKickOffMs);
    await clock.advance(acceptWaitMs);
    await expect.poll(async () => (await betsOf(token))[0]?.status, { timeout: 15_000 }).toBe('open');
    await card.getByText('未结算').waitFor({ timeout: 15_000 });

    // Past the end of both matches the feed settles the legs and pays the bet; the page hears it.
    await clock.advanceTo(kickOffMs + finishedAfterKickOffMs);
    await expect.poll(async () => (await betsOf(token))[0]?.status, { timeout: 30_000 }).toBe('settled');
    const [settled] = await betsOf(token);
    const payout = settled?.payout ?? '';
    expect(settled?.legs.every((leg) => leg.result !== null && leg.matchScore !== null)).toBe(true);
    const balance = formatFen((parseYuan('190.00') ?? 0n) + (parseYuan(payout) ?? 0n));
    expect(await balanceOf(token)).toBe(balance);
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('sb-balance').getByText(`¥${balance}`).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '已结算' }).click();
    await card.getByText('已结算').waitFor();
    // A winning parlay pays its potential return: the 派彩 figure is the one to read.
    const paidFigure = card.locator('div').filter({ has: page.getByText('派彩', { exact: true }) });
    await paidFigure.getByText(`¥${payout}`, { exact: true }).waitFor();

    await enterSite(page, `${server.baseUrl}/mine/record/betRecord`);
    const record = page.getByTestId('bet-record').filter({ hasText: `注单号 ${settled?.betId}` });
    await record.getByText('投注额 10.00').waitFor();
    await record.getByText(`派彩 ${payout}`).waitFor();
    expect(session.errors).toEqual([]);
  }, 180_000);
});
