import { chaseIssueCountMax, formatMoneyDisplay, lotteryMultiplierMax } from '@site/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { type ChasePlanInput, type ChasePlanKind, type ChasePreview, chasePreview } from './chase-plan.ts';
import { lotteryText } from './lottery-text.ts';
import { NumberStepper } from './number-stepper.tsx';
import type { BasketEntry } from './use-basket.ts';

const issueCountPresets = [5, 10, 20] as const;
const planKinds: readonly ChasePlanKind[] = ['constant', 'doubling'];
/** 翻倍 grows by at least 2 (1 would be 同倍); past 10 a plan reaches the multiplier cap within a few issues. */
const ratioMin = 2;
const ratioMax = 10;

export const initialChasePlan: ChasePlanInput = {
  kind: 'constant',
  issueCount: 10,
  multiplier: 1,
  ratio: 2,
  every: 1,
};

function IssueCountPicker(props: { value: number; onChange: (count: number) => void }) {
  return (
    <fieldset className="chip-row chase-field">
      <legend className="chip-row__legend">{lotteryText.chaseIssueCount}</legend>
      {issueCountPresets.map((count) => (
        <button
          key={count}
          type="button"
          className={`chip${props.value === count ? ' is-picked' : ''}`}
          aria-pressed={props.value === count}
          onClick={() => props.onChange(count)}
        >
          {lotteryText.chaseIssueCountPreset(count)}
        </button>
      ))}
      <NumberStepper
        label={lotteryText.chaseIssueCountCustom}
        downLabel={lotteryText.chaseIssueCountDown}
        upLabel={lotteryText.chaseIssueCountUp}
        value={props.value}
        min={1}
        max={chaseIssueCountMax}
        onChange={props.onChange}
      />
    </fieldset>
  );
}

function PlanKindPicker(props: { value: ChasePlanKind; onChange: (kind: ChasePlanKind) => void }) {
  return (
    <fieldset className="chip-row chase-field">
      <legend className="chip-row__legend">{lotteryText.chaseMode}</legend>
      {planKinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={`chip${props.value === kind ? ' is-picked' : ''}`}
          aria-pressed={props.value === kind}
          onClick={() => props.onChange(kind)}
        >
          {lotteryText.chaseModes[kind]}
        </button>
      ))}
    </fieldset>
  );
}

function DoublingFields(props: { plan: ChasePlanInput; onChange: (patch: Partial<ChasePlanInput>) => void }) {
  const { plan } = props;
  return (
    <div className="chase-field chase-doubling">
      <NumberStepper
        label={lotteryText.chaseEvery}
        downLabel={lotteryText.chaseEveryDown}
        upLabel={lotteryText.chaseEveryUp}
        value={plan.every}
        min={1}
        max={Math.max(1, plan.issueCount)}
        onChange={(every) => props.onChange({ every })}
      />
      <NumberStepper
        label={lotteryText.chaseRatio}
        downLabel={lotteryText.chaseRatioDown}
        upLabel={lotteryText.chaseRatioUp}
        value={plan.ratio}
        min={ratioMin}
        max={ratioMax}
        onChange={(ratio) => props.onChange({ ratio })}
      />
      <p className="chase-hint">{lotteryText.chaseDoublingRule(plan.every, plan.ratio)}</p>
    </div>
  );
}

/** A switch as one row-wide button, so the whole row is the tap target. */
function StopOnWinSwitch(props: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={props.value}
      className={`chase-switch${props.value ? ' is-on' : ''}`}
      onClick={() => props.onChange(!props.value)}
    >
      <span>{lotteryText.chaseStopOnWin}</span>
      <span className="chase-switch__track" aria-hidden="true">
        <span className="chase-switch__thumb" />
      </span>
    </button>
  );
}

/** The plan issue by issue: 期号, 倍数, the stake of the issue and the running total. */
export function ChasePreviewTable({ preview }: { preview: ChasePreview }) {
  if (!preview.isValid) {
    return (
      <p className="chase-problem" role="alert">
        {preview.problem}
      </p>
    );
  }
  return (
    <div className="chase-preview">
      <table className="chase-preview__table">
        <caption className="visually-hidden">{lotteryText.chasePreview}</caption>
        <thead>
          <tr>
            <th scope="col">{lotteryText.chasePreviewIssue}</th>
            <th scope="col">{lotteryText.chasePreviewMultiplier}</th>
            <th scope="col">{lotteryText.chasePreviewStake}</th>
            <th scope="col">{lotteryText.chasePreviewRunning}</th>
          </tr>
        </thead>
        <tbody>
          {preview.issues.map((issue) => (
            <tr key={issue.issueNo} data-testid="chase-preview-issue">
              <td>{issue.issueNo}</td>
              <td>×{issue.multiplier}</td>
              <td>¥{formatMoneyDisplay(issue.stakeFen)}</td>
              <td>¥{formatMoneyDisplay(issue.runningFen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * 追号: the basket chased over the next issues from the one on sale. The player sets the issues,
 * 同倍 or 翻倍, the starting multiplier and 中奖后停止; the sheet shows each issue's multiplier and
 * stake as the contract prices them, then starts one chase per ticket of the basket.
 */
export function ChasePlanner(props: {
  visible: boolean;
  issue: { issueNo: string; drawAt: string } | undefined;
  intervalSeconds: number;
  entries: readonly BasketEntry[];
  isSending: boolean;
  onSubmit: (plan: ChasePlanInput, isStopOnWin: boolean) => void;
  onClose: () => void;
}) {
  const [plan, setPlan] = useState<ChasePlanInput>(initialChasePlan);
  const [isStopOnWin, setIsStopOnWin] = useState(true);
  const change = (patch: Partial<ChasePlanInput>) =>
    setPlan((current) => {
      const next = { ...current, ...patch };
      return { ...next, every: Math.min(next.every, next.issueCount) };
    });
  const preview = props.issue
    ? chasePreview(plan, props.entries, props.issue, props.intervalSeconds)
    : ({ isValid: false, problem: lotteryText.chaseNeedsIssue } as const);
  const failures = props.entries.flatMap((entry) => (entry.failure ? [entry.failure] : []));
  return (
    <ResponsiveSheet
      title={lotteryText.chaseTitle}
      visible={props.visible}
      onMaskClick={props.onClose}
      onClose={props.onClose}
    >
      <div className="chase-planner">
        <dl className="bet-confirm__facts">
          <div>
            <dt>{lotteryText.chaseStartIssue}</dt>
            <dd>{props.issue?.issueNo ?? '--'}</dd>
          </div>
        </dl>
        <IssueCountPicker value={plan.issueCount} onChange={(issueCount) => change({ issueCount })} />
        <PlanKindPicker value={plan.kind} onChange={(kind) => change({ kind })} />
        <NumberStepper
          label={lotteryText.chaseMultiplier}
          downLabel={lotteryText.chaseMultiplierDown}
          upLabel={lotteryText.chaseMultiplierUp}
          value={plan.multiplier}
          min={1}
          max={lotteryMultiplierMax}
          onChange={(multiplier) => change({ multiplier })}
        />
        {plan.kind === 'doubling' ? <DoublingFields plan={plan} onChange={change} /> : null}
        <StopOnWinSwitch value={isStopOnWin} onChange={setIsStopOnWin} />
        <ChasePreviewTable preview={preview} />
        <p className="chase-hint">{lotteryText.chaseNote}</p>
        {failures.map((failure) => (
          <p key={failure} className="chase-problem" role="alert">
            {failure}
          </p>
        ))}
        <div className="chase-planner__foot">
          {preview.isValid ? (
            <p className="chase-total" aria-live="polite">
              {lotteryText.chaseTotal(preview.issues.length, formatMoneyDisplay(preview.totalFen))}
            </p>
          ) : null}
          <div className="bet-confirm__actions">
            <Button block shape="rounded" size="large" onClick={props.onClose}>
              {lotteryText.cancel}
            </Button>
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={props.isSending}
              disabled={!preview.isValid || props.entries.length === 0}
              onClick={() => props.onSubmit(plan, isStopOnWin)}
            >
              {lotteryText.chaseSubmit}
            </Button>
          </div>
        </div>
      </div>
    </ResponsiveSheet>
  );
}
