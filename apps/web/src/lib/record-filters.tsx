import { recordRangeDaysMax } from '@site/contract';
import { Button, CalendarPicker, CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { messages } from './messages.ts';
import {
  customRangeDaysBackMax,
  customRecordRange,
  type RecordRange,
  type RecordRangePreset,
  recordRangePresets,
} from './record-range.ts';
import { showToast } from './toast.ts';
import './records.css';

/** The parts every records page shares (交易记录, 投注记录, 礼物记录 …): date chips, day groups, filter choices. */

export type RangeChoice =
  | { kind: 'preset'; preset: RecordRangePreset }
  | { kind: 'custom'; range: RecordRange; label: string };

const customKey = 'custom';
const monthDay = (day: Date) => `${day.getMonth() + 1}/${day.getDate()}`;

/**
 * 今天 · 昨天 · 近7天 · 近30天 · 自定义 as one row of chips; 自定义 opens a calendar of days, and the
 * chosen days show under the chips, where a tap picks again.
 */
export function RangeChips(props: { value: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const [isPicking, setIsPicking] = useState(false);
  const todayMs = Date.now();
  return (
    <>
      <CapsuleTabs
        className="record-range-chips"
        activeKey={props.value.kind === 'custom' ? customKey : props.value.preset}
        onChange={(key) => {
          const preset = recordRangePresets.find((candidate) => candidate === key);
          if (preset) {
            props.onChange({ kind: 'preset', preset });
          } else {
            setIsPicking(true);
          }
        }}
      >
        {recordRangePresets.map((preset) => (
          <CapsuleTabs.Tab key={preset} title={messages.records.ranges[preset]} />
        ))}
        <CapsuleTabs.Tab key={customKey} title={messages.records.custom} />
      </CapsuleTabs>
      {props.value.kind === 'custom' ? (
        <button type="button" className="record-range-custom" onClick={() => setIsPicking(true)}>
          {messages.records.customChosen(props.value.label)}
        </button>
      ) : null}
      <CalendarPicker
        visible={isPicking}
        selectionMode="range"
        title={messages.records.customTitle}
        min={new Date(todayMs - customRangeDaysBackMax * 86_400_000)}
        max={new Date(todayMs)}
        onClose={() => setIsPicking(false)}
        onConfirm={(days) => {
          if (!days) {
            return;
          }
          const [first, last] = days;
          const range = customRecordRange(first, last);
          if (!range) {
            showToast(messages.records.rangeTooLong(recordRangeDaysMax));
            return;
          }
          props.onChange({ kind: 'custom', range, label: `${monthDay(first)}-${monthDay(last)}` });
        }}
      />
    </>
  );
}

const shanghaiDay = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Rows grouped by their Asia/Shanghai day, newest first as they came. */
export function byDay<T extends { createdAt: string }>(
  rows: readonly T[],
): Array<{ day: string; rows: T[] }> {
  const groups: Array<{ day: string; rows: T[] }> = [];
  for (const row of rows) {
    const day = shanghaiDay.format(new Date(row.createdAt));
    const last = groups.at(-1);
    if (last?.day === day) {
      last.rows.push(row);
    } else {
      groups.push({ day, rows: [row] });
    }
  }
  return groups;
}

/** One choice in a filter dropdown: a pressed button while it is the one chosen. */
export function filterOption(key: string, label: string, isActive: boolean, onPick: () => void) {
  return (
    <Button
      key={key}
      size="small"
      fill={isActive ? 'solid' : 'outline'}
      color={isActive ? 'primary' : 'default'}
      aria-pressed={isActive}
      onClick={onPick}
    >
      {label}
    </Button>
  );
}
