import { type OddsFormat, oddsFormats } from '@site/contract';
import { useSyncExternalStore } from 'react';
import { local, storageKeys } from '../../lib/storage.ts';
import { removeLeg, type SlipLeg, toggleLeg, withOdds } from './slip.ts';

/**
 * The slip outlives a page: the member picks on the list, opens a match and adds more. It lives
 * for the page view (not stored), as a small store the pages subscribe to.
 */
let legs: readonly SlipLeg[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly SlipLeg[]) {
  legs = next;
  for (const listener of listeners) {
    listener();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const slipStore = {
  legs: () => legs,
  toggle: (leg: SlipLeg) => publish(toggleLeg(legs, leg)),
  remove: (leg: Pick<SlipLeg, 'matchId' | 'selectionKey'>) => publish(removeLeg(legs, leg)),
  updateOdds: (matchId: string, selectionKey: string, odds: string) =>
    publish(withOdds(legs, matchId, selectionKey, odds)),
  clear: () => publish([]),
};

export function useSlipLegs(): readonly SlipLeg[] {
  return useSyncExternalStore(subscribe, slipStore.legs, slipStore.legs);
}

/** 香港盘 unless the member chose another format on this browser. */
export function storedOddsFormat(): OddsFormat {
  const stored = local.get(storageKeys.sportsbookOddsFormat);
  return oddsFormats.find((format) => format === stored) ?? 'Hongkong';
}

const formatListeners = new Set<() => void>();

const currentFormat = () => {
  return storedOddsFormat();
};

export function setOddsFormat(format: OddsFormat) {
  local.set(storageKeys.sportsbookOddsFormat, format);
  for (const listener of formatListeners) {
    listener();
  }
}

export function useOddsFormat(): OddsFormat {
  return useSyncExternalStore(
    (listener) => {
      formatListeners.add(listener);
      return () => formatListeners.delete(listener);
    },
    currentFormat,
    currentFormat,
  );
}
