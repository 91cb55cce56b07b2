import type { DashboardDay } from '@site/contract';
import { Col, Row } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ECharts, type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';

// Only the parts the dashboard draws: this module is loaded on its own, after the page.
use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The console theme's colours: the darker blue and red that read on white, and a green. */
const colors = ['#0958d9', '#389e0d', '#cf1322', '#d46b08'];

function Chart(props: { option: EChartsCoreOption; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  useEffect(() => {
    const node = element.current;
    if (!node) {
      return;
    }
    const instance = init(node);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(props.option, { notMerge: true });
  }, [props.option]);
  return <div ref={element} role="img" aria-label={props.label} style={{ width: '100%', height: 300 }} />;
}

const monthDay = (day: string) => day.slice(5);

function baseOption(days: ReadonlyArray<DashboardDay>) {
  return {
    color: colors,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((day) => monthDay(day.day)) },
  };
}

/** The dashboard's two charts over its 30 days: people (registrations, first deposits) and money. */
export function DashboardCharts(props: { days: ReadonlyArray<DashboardDay> }) {
  const people = useMemo<EChartsCoreOption>(
    () => ({
      ...baseOption(props.days),
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '注册人数', type: 'line', smooth: true, data: props.days.map((day) => day.registrations) },
        {
          name: '首存人数',
          type: 'line',
          smooth: true,
          data: props.days.map((day) => day.firstDepositCount),
        },
      ],
    }),
    [props.days],
  );
  const money = useMemo<EChartsCoreOption>(
    () => ({
      ...baseOption(props.days),
      yAxis: { type: 'value', name: '元' },
      series: [
        { name: '存款金额', type: 'bar', data: props.days.map((day) => Number(day.depositAmount)) },
        { name: '提现金额', type: 'bar', data: props.days.map((day) => Number(day.withdrawalAmount)) },
      ],
    }),
    [props.days],
  );
  const first = props.days[0]?.day ?? '';
  const last = props.days.at(-1)?.day ?? '';
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Chart option={people} label={`${first} 至 ${last} 每日注册人数与首存人数折线图`} />
      </Col>
      <Col xs={24} xl={12}>
        <Chart option={money} label={`${first} 至 ${last} 每日存款金额与提现金额柱状图`} />
      </Col>
    </Row>
  );
}
