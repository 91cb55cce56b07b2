import { describe, expect, it } from 'vitest';
import { type BestOf, seriesScores } from './esports.ts';
import {
  mapInPlayProbability,
  seriesModel,
  seriesOutlook,
  seriesStateAt,
  simulateSeries,
} from './esports-sim.ts';

const seedHex = '9a'.repeat(32);

describe('simulateSeries', () => {
  it('plays the same series from the same seed, until it is decided', () => {
    for (const bestOf of [1, 2, 3, 5] as BestOf[]) {
      for (let index = 0; index < 50; index += 1) {
        const input = { seedHex, fixtureId: `s-${bestOf}-${index}`, bestOf, homeMapProbability: 0.6 };
        const series = simulateSeries(input);
        expect(simulateSeries(input)).toEqual(series);
        const wins = { home: 0, away: 0 };
        for (const map of series.maps) {
          wins[map.winner] += 1;
          const [shortest, longest] = seriesModel.mapMinutesRange;
          expect(map.durationSeconds).toBeGreaterThanOrEqual(shortest * 60);
          expect(map.durationSeconds).toBeLessThanOrEqual(longest * 60);
          for (const kill of map.kills) {
            expect(kill.second).toBeGreaterThan(0);
            expect(kill.second).toBeLessThan(map.durationSeconds);
          }
        }
        if (bestOf === 2) {
          expect(series.maps).toHaveLength(2);
        } else {
          expect(Math.max(wins.home, wins.away)).toBe((bestOf + 1) / 2);
          expect(Math.min(wins.home, wins.away)).toBeLessThan((bestOf + 1) / 2);
        }
      }
    }
  });

  it('wins series at the rate the series maths gives, with kills at their mean', () => {
    const p = 0.6;
    const runs = 2_000;
    let homeSeries = 0;
    let kills = 0;
    let maps = 0;
    for (let index = 0; index < runs; index += 1) {
      const series = simulateSeries({ seedHex, fixtureId: `r-${index}`, bestOf: 3, homeMapProbability: p });
      const homeMaps = series.maps.filter((map) => map.winner === 'home').length;
      homeSeries += homeMaps === 2 ? 1 : 0;
      maps += series.maps.length;
      kills += series.maps.reduce((sum, map) => sum + map.kills.length, 0);
    }
    const expected = seriesScores(3, p)
      .filter(({ score }) => score.home === 2)
      .reduce((sum, cell) => sum + cell.probability, 0);
    const deviation = Math.sqrt((expected * (1 - expected)) / runs);
    expect(Math.abs(homeSeries / runs - expected)).toBeLessThan(4 * deviation);
    expect(Math.abs(kills / maps - seriesModel.killsPerMap)).toBeLessThan(
      4 * Math.sqrt(seriesModel.killsPerMap / maps),
    );
  });
});

describe('in play', () => {
  const series = simulateSeries({ seedHex, fixtureId: 'live', bestOf: 3, homeMapProbability: 0.5 });
  const first = series.maps[0];
  if (!first) {
    throw new Error('no map');
  }

  it('counts the finished maps and the kills of the map in play', () => {
    const midway = first.startSecond + Math.floor(first.durationSeconds / 2);
    const state = seriesStateAt(series, midway);
    expect(state.mapInPlay).toBe(1);
    expect(state.mapsScore).toEqual({ home: 0, away: 0 });
    const killed = first.kills.filter((kill) => kill.second <= midway);
    expect(state.kills.home + state.kills.away).toBe(killed.length);
    expect(state.firstBlood).toBe(killed[0]?.side);
    const between = seriesStateAt(series, first.durationSeconds + 60);
    expect(between.mapInPlay).toBeUndefined();
    expect(between.mapsScore[first.winner]).toBe(1);
    expect(between.isOver).toBe(false);
    expect(seriesStateAt(series, series.endSecond).isOver).toBe(true);
  });

  it('reads the kills of the map in play by Bayes, and prices the series from there', () => {
    expect(mapInPlayProbability(0.5, { home: 0, away: 0 })).toBe(0.5);
    const share = seriesModel.winnerKillShare;
    expect(mapInPlayProbability(0.5, { home: 3, away: 2 })).toBeCloseTo(share, 12);
    expect(mapInPlayProbability(0.5, { home: 10, away: 2 })).toBeGreaterThan(0.95);
    const state = {
      mapsScore: { home: 1, away: 0 },
      mapInPlay: 2,
      kills: { home: 8, away: 8 },
      firstBlood: 'home' as const,
      isOver: false,
    };
    const outlook = seriesOutlook(series, state, 0.5);
    const homeWins = outlook
      .filter(({ score }) => score.home === 2)
      .reduce((sum, cell) => sum + cell.probability, 0);
    expect(homeWins).toBeCloseTo(0.75, 12);
  });
});
