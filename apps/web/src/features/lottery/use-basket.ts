import {
  checkSelection,
  type Fen,
  type LotteryPlayId,
  type LotterySelection,
  type LotteryUnit,
  lotteryStakeFen,
  uuidV4,
} from '@site/contract';
import { useState } from 'react';
import { reportApiFailure } from '../../lib/api-client.ts';
import { ApiError, errorText } from '../../lib/api-error.ts';
import { usePlaceTicket, useStartChase } from './api.ts';
import { type ChasePlanInput, planOf } from './chase-plan.ts';

/** Notes and stake of a ticket as the server will count them: 0 and 0 until it makes a note. */
export function ticketStake(
  playId: LotteryPlayId,
  selection: LotterySelection,
  unit: LotteryUnit,
  multiplier: number,
): { notes: number; stakeFen: Fen } {
  const check = checkSelection(playId, selection);
  const notes = check.isValid ? check.notes : 0;
  return { notes, stakeFen: lotteryStakeFen(notes, unit, multiplier) };
}

export interface BasketEntry {
  key: string;
  playId: LotteryPlayId;
  selection: number[][];
  unit: LotteryUnit;
  multiplier: number;
  notes: number;
  stakeFen: Fen;
  /**
   * The ticket id and issue of a send whose answer never came: the retry sends the same, so a
   * ticket the server did take is answered again, not placed twice. Cleared by any answer.
   */
  unanswered?: { ticketId: string; issueNo: string } | undefined;
  /** The same for a chase: retried with the same id only while its request is the same. */
  unansweredChase?: { chaseId: string; request: string } | undefined;
  /** Why the last send was refused. */
  failure?: string | undefined;
}

export type NewBasketEntry = Omit<BasketEntry, 'key' | 'unanswered' | 'unansweredChase' | 'failure'>;

/** A chase of the basket: from the issue on sale, by the plan, stopping after a win or not. */
export interface ChaseOrder {
  startIssueNo: string;
  plan: ChasePlanInput;
  isStopOnWin: boolean;
}

/**
 * 号码篮: tickets waiting to be sent, and sending them one after another to the issue on sale.
 * Placed ones leave the basket; refused ones stay with their reason.
 */
export function useBasket(gameCode: string) {
  const [entries, setEntries] = useState<BasketEntry[]>([]);
  const placeTicket = usePlaceTicket();
  const startChase = useStartChase();
  const [isSending, setIsSending] = useState(false);

  /** Sends one ticket: undefined once placed, else the entry with why (the shared behaviours told the first). */
  const sendOne = async (entry: BasketEntry, issueNo: string, isFirstFailure: boolean) => {
    const attempt = entry.unanswered ?? { ticketId: uuidV4(), issueNo };
    try {
      await placeTicket.mutateAsync({
        gameCode,
        issueNo: attempt.issueNo,
        playId: entry.playId,
        selection: entry.selection,
        unit: entry.unit,
        multiplier: entry.multiplier,
        ticketId: attempt.ticketId,
      });
      return undefined;
    } catch (error) {
      if (isFirstFailure && error instanceof ApiError) {
        reportApiFailure(error);
      }
      // A business answer means nothing was kept: the next send is a new ticket.
      const isAnswered = error instanceof ApiError && error.kind === 'business';
      return { ...entry, unanswered: isAnswered ? undefined : attempt, failure: errorText(error) };
    }
  };

  /** Starts one entry's chase: undefined once started, else the entry with why. */
  const chaseOne = async (entry: BasketEntry, order: ChaseOrder, isFirstFailure: boolean) => {
    const body = {
      gameCode,
      playId: entry.playId,
      selection: entry.selection,
      unit: entry.unit,
      startIssueNo: order.startIssueNo,
      plan: planOf(order.plan, entry.multiplier),
      isStopOnWin: order.isStopOnWin,
    };
    const request = JSON.stringify(body);
    // The id is kept for a retry of the very same chase only: a changed plan is a new chase.
    const chaseId = entry.unansweredChase?.request === request ? entry.unansweredChase.chaseId : uuidV4();
    try {
      await startChase.mutateAsync({ ...body, chaseId });
      return undefined;
    } catch (error) {
      if (isFirstFailure && error instanceof ApiError) {
        reportApiFailure(error);
      }
      const isAnswered = error instanceof ApiError && error.kind === 'business';
      return {
        ...entry,
        unansweredChase: isAnswered ? undefined : { chaseId, request },
        failure: errorText(error),
      };
    }
  };

  /**
   * Sends every entry in order with `sendEntry`; those it refuses stay in the basket with why.
   * Answers how many went through and how many were refused.
   */
  const sendAll = async (
    sendEntry: (entry: BasketEntry, isFirstFailure: boolean) => Promise<BasketEntry | undefined>,
  ) => {
    setIsSending(true);
    const left: BasketEntry[] = [];
    try {
      for (const entry of entries) {
        const refused = await sendEntry(entry, left.length === 0);
        if (refused) {
          left.push(refused);
        }
      }
    } finally {
      setEntries(left);
      setIsSending(false);
    }
    return { placed: entries.length - left.length, failed: left.length };
  };

  /** Sends the basket's tickets in order to `issueNo`; answers how many were placed and refused. */
  const send = (issueNo: string) => sendAll((entry, isFirst) => sendOne(entry, issueNo, isFirst));

  /** 追号: starts a chase of each ticket of the basket; answers how many started and were refused. */
  const chase = (order: ChaseOrder) => sendAll((entry, isFirst) => chaseOne(entry, order, isFirst));

  return {
    entries,
    isSending,
    add: (entry: NewBasketEntry) => setEntries((current) => [...current, { ...entry, key: uuidV4() }]),
    remove: (key: string) => setEntries((current) => current.filter((entry) => entry.key !== key)),
    clear: () => setEntries([]),
    send,
    chase,
  };
}
