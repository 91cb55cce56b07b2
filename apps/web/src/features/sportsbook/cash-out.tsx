import { ErrorCode, type SportsbookBetView, uuidV4 } from '@site/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { modal } from '../../lib/modal-store.ts';
import { showToast } from '../../lib/toast.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';
import { sportsbookKeys } from './api.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

/** The offer moves with the prices: asked again this often while the bet is on screen. */
export const cashOutPollMs = 3_000;

const quoteKey = (betId: string) => [...sportsbookKeys.all, 'cashOutQuote', betId] as const;

function useCashOutQuote(betId: string) {
  return useQuery({
    queryKey: quoteKey(betId),
    queryFn: ({ signal }) => callRoute('sportsbookCashOutQuote', { betId }, { signal, isSilent: true }),
    refetchInterval: cashOutPollMs,
  });
}

/**
 * Takes the offer the member confirmed. The request id is made once per confirmed offer and kept
 * across a retry of it, so a retry after a lost answer is answered the first result.
 */
function useTakeCashOut(betId: string) {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();
  const requestRef = useRef<{ amount: string; requestId: string } | undefined>(undefined);
  return useMutation({
    mutationFn: (amount: string) => {
      if (requestRef.current?.amount !== amount) {
        requestRef.current = { amount, requestId: uuidV4() };
      }
      return callRoute(
        'sportsbookCashOut',
        { betId, amount, requestId: requestRef.current.requestId },
        { isSilent: true },
      );
    },
    onSuccess: () => {
      requestRef.current = undefined;
    },
    onError: (error) => {
      // A refusal is final for that request: the next confirmation is a new one.
      if (error instanceof ApiError && error.kind === 'business') {
        requestRef.current = undefined;
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...sportsbookKeys.all, 'bets'] }),
        queryClient.invalidateQueries({ queryKey: quoteKey(betId) }),
        refreshMoney(),
      ]),
  });
}

const failureText = (error: unknown) => {
  if (error instanceof ApiError && error.kind === 'business') {
    return error.code === ErrorCode.sportsbookOddsChanged ? text.cashOutMoved : error.message;
  }
  return text.cashOutFailed;
};

/**
 * 提前结算 on an open single: the live offer on a button (暂停 while the market is suspended), a
 * confirmation showing the amount, then a toast and the bets and balance asked again.
 */
export function CashOutAction({ bet }: { bet: SportsbookBetView }) {
  const { data: quote } = useCashOutQuote(bet.betId);
  const take = useTakeCashOut(bet.betId);
  if (!quote || (quote.offer === null && !quote.isSuspended)) {
    return null;
  }
  const cashOut = async (amount: string) => {
    const isConfirmed = await modal.confirm({
      title: text.cashOut,
      content: <p className="sb-cash-out__confirm">{text.cashOutConfirm(amount, bet.stake)}</p>,
      confirmText: text.cashOutConfirmButton,
    });
    if (!isConfirmed) {
      return;
    }
    try {
      await take.mutateAsync(amount);
      showToast(text.cashOutDone(amount));
    } catch (error) {
      showToast(failureText(error));
    }
  };
  const isSuspended = quote.isSuspended || quote.offer === null;
  return (
    <button
      type="button"
      className="sb-cash-out"
      disabled={isSuspended || take.isPending}
      aria-label={
        isSuspended ? `${text.cashOut} ${text.cashOutSuspended}` : `${text.cashOut} ¥${quote.offer}`
      }
      onClick={() => {
        if (quote.offer !== null) {
          void cashOut(quote.offer);
        }
      }}
    >
      <span>{text.cashOut}</span>
      <strong className="sb-cash-out__amount">
        {take.isPending ? text.placing : isSuspended ? text.cashOutSuspended : `¥${quote.offer}`}
      </strong>
    </button>
  );
}
