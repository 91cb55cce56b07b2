import type { LotteryGameKind } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { lotteryKeys, useLotteryGames } from './api.ts';
import { LotteryLoadFailed, LotteryLoading } from './lottery-loading.tsx';
import { lotteryText } from './lottery-text.ts';
import { type PositionTrend, positionTrend, type TrendDraw } from './trend.ts';
import { trendSeriesOf } from './trend-series.ts';
import './lottery.css';

const depths = [30, 50, 100] as const;

function useDrawnIssues(gameCode: string, depth: number) {
  return useQuery({
    queryKey: [...lotteryKeys.results(gameCode), 'trend', depth],
    queryFn: ({ signal }) =>
      callRoute('lotteryResults', { gameCode, pageNum: 1, pageSize: depth }, { signal }),
    select: (page): TrendDraw[] =>
      page.list
        .flatMap((draw) => (draw.numbers ? [{ issueNo: draw.issueNo, numbers: draw.numbers }] : []))
        .reverse(),
    refetchInterval: 15_000,
  });
}

function ChipChoice<Value extends string | number>(props: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="chip-row">
      <legend className="chip-row__legend">{props.label}</legend>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`chip${option.value === props.value ? ' is-picked' : ''}`}
          aria-pressed={option.value === props.value}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

const temperatureText = { hot: lotteryText.hot, cold: lotteryText.cold, normal: '' };

function TrendTable({ trend, title }: { trend: PositionTrend; title: string }) {
  const summaries = [
    { label: lotteryText.trendCount, of: (index: number) => trend.stats[index]?.count },
    { label: lotteryText.trendCurrentMissing, of: (index: number) => trend.stats[index]?.currentMissing },
    { label: lotteryText.trendMaxMissing, of: (index: number) => trend.stats[index]?.maxMissing },
  ];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard
    <section className="trend-scroll" aria-label={title} tabIndex={0}>
      <table className="trend-table">
        <thead>
          <tr>
            <th scope="col">{lotteryText.trendIssue}</th>
            <th scope="col">{lotteryText.trendDrawn}</th>
            {trend.stats.map((stat) => (
              <th key={stat.value} scope="col">
                {stat.value}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {trend.rows.map((row) => (
            <tr key={row.issueNo}>
              <th scope="row">{row.issueNo.slice(-4)}</th>
              <td className="trend-table__drawn">{row.drawn}</td>
              {row.cells.map((cell) => (
                <td key={cell.value} className={cell.isHit ? 'trend-hit' : 'trend-miss'}>
                  {cell.isHit ? cell.value : cell.missing}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          {summaries.map((summary) => (
            <tr key={summary.label}>
              <th scope="row" colSpan={2}>
                {summary.label}
              </th>
              {trend.stats.map((stat, index) => (
                <td key={stat.value}>{summary.of(index)}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={2}>
              {lotteryText.hotCold}
            </th>
            {trend.stats.map((stat) => (
              <td key={stat.value} className={`trend-${stat.temperature}`}>
                {temperatureText[stat.temperature]}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function GameTrend({ gameCode, kind, name }: { gameCode: string; kind: LotteryGameKind; name: string }) {
  const [depth, setDepth] = useState<number>(depths[0]);
  const [seriesIndex, setSeriesIndex] = useState(0);
  const series = trendSeriesOf(kind, lotteryText.sumPosition);
  const chosen = series[seriesIndex] ?? series[0];
  const { data, isPending, isError, refetch } = useDrawnIssues(gameCode, depth);
  const body = () => {
    if (isPending) {
      return <LotteryLoading />;
    }
    if (isError) {
      return <LotteryLoadFailed onRetry={() => void refetch()} />;
    }
    if (data.length === 0 || !chosen) {
      return <SiteEmpty title={lotteryText.noResults} />;
    }
    const draws = data.flatMap((draw) => {
      const value = chosen.of(draw.numbers);
      return value === undefined ? [] : [{ issueNo: draw.issueNo, numbers: [value] }];
    });
    return <TrendTable trend={positionTrend(draws, 0, chosen.values)} title={`${name} ${chosen.label}`} />;
  };
  return (
    <div className="site-page lottery-trend">
      <section className="site-card trend-controls">
        <h2 className="trend-controls__title">
          {name} · {lotteryText.trend}
        </h2>
        <ChipChoice
          label={lotteryText.trendDepth}
          options={depths.map((value) => ({ value, label: lotteryText.trendDepthOption(value) }))}
          value={depth}
          onChange={setDepth}
        />
        <ChipChoice
          label={lotteryText.position}
          options={series.map((each, index) => ({ value: index, label: each.label }))}
          value={seriesIndex}
          onChange={setSeriesIndex}
        />
        <p className="trend-legend">{lotteryText.trendLegend}</p>
      </section>
      <section className="site-card trend-body">{body()}</section>
    </div>
  );
}

/** `/game/lottery/:gameCode/trend`: 走势图 of the game's last draws, one position at a time. */
export function LotteryTrendPage() {
  const { gameCode = '' } = useParams();
  const { data, isPending, isError, refetch } = useLotteryGames();
  if (isPending) {
    return <LotteryLoading />;
  }
  if (isError) {
    return <LotteryLoadFailed onRetry={() => void refetch()} />;
  }
  const game = data.find((each) => each.code === gameCode);
  return game ? (
    <GameTrend gameCode={game.code} kind={game.kind} name={game.name} />
  ) : (
    <SiteEmpty title={lotteryText.noGame} />
  );
}
