import { describe, expect, it } from 'vitest';
import { leagues } from './catalogue.ts';
import { roundPairings, seasonStrengths, strengthRanges } from './fixtures.ts';
import { goalRatesOf } from './goal-model.ts';

const feedSeed = '0f'.repeat(32);

describe('the simulated catalogue', () => {
  it('names every league virtual, with distinct codes and an even number of distinct teams', () => {
    expect(new Set(leagues.map((league) => league.code)).size).toBe(leagues.length);
    for (const league of leagues) {
      expect(league.name).toContain('虚拟');
      expect(new Set(league.teams).size).toBe(league.teams.length);
      expect(league.teams.length % 2).toBe(0);
      expect(league.sport === 'esports').toBe(league.title !== undefined);
    }
  });
});

describe('seasonStrengths', () => {
  it('draws the same strengths for a league and season, new ones for the next season', () => {
    const league = leagues[0];
    if (!league) {
      throw new Error('no league');
    }
    const strengths = seasonStrengths(feedSeed, league, '2026-48');
    expect(seasonStrengths(feedSeed, league, '2026-48')).toEqual(strengths);
    expect(seasonStrengths(feedSeed, league, '2026-49')).not.toEqual(strengths);
    expect(strengths.map((team) => team.name)).toEqual(league.teams);
  });

  it('keeps every football pairing within the expected-goals range of GAMES.md 2.6', () => {
    for (const league of leagues.filter((candidate) => candidate.sport === 'football')) {
      for (let season = 0; season < 20; season += 1) {
        const teams = seasonStrengths(feedSeed, league, `s${season}`);
        for (const home of teams) {
          expect(Math.abs(home.elo - strengthRanges.eloMean)).toBeLessThanOrEqual(strengthRanges.eloSpread);
          for (const away of teams) {
            const rates = goalRatesOf(home.ratings, away.ratings);
            for (const rate of [rates.home, rates.away]) {
              expect(rate).toBeGreaterThanOrEqual(0.6);
              expect(rate).toBeLessThanOrEqual(2.6);
            }
          }
        }
      }
    }
  });
});

describe('roundPairings', () => {
  it('plays every team once a round, in an order that changes from round to round', () => {
    const league = leagues[1];
    if (!league) {
      throw new Error('no league');
    }
    const teams = seasonStrengths(feedSeed, league, '2026-48');
    const orders = new Set<string>();
    for (let round = 0; round < 10; round += 1) {
      const pairings = roundPairings(feedSeed, league, teams, `20261125-${round}`);
      expect(pairings).toHaveLength(teams.length / 2);
      const playing = pairings.flatMap(({ home, away }) => [home.name, away.name]);
      expect(new Set(playing)).toEqual(new Set(league.teams));
      expect(roundPairings(feedSeed, league, teams, `20261125-${round}`)).toEqual(pairings);
      orders.add(playing.join());
    }
    expect(orders.size).toBe(10);
  });
});
