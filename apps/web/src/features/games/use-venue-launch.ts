import { formatMoneyDisplay, parseYuan, type VenueView } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { loginPathFor } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { useIsDesktop } from '../../lib/use-viewport.ts';
import { walletQuery } from '../../lib/wallet.ts';
import { gameText } from './game-messages.ts';
import { rememberObRequestId } from './use-platform-count.ts';
import {
  createLaunchGate,
  framePath,
  isSportsbookPage,
  launchFailures,
  relaunchDebounceMs,
} from './venues.ts';

const venueBalanceFen = (balances: ReadonlyArray<{ venueCode: string; balance: string }>, code: string) =>
  parseYuan(balances.find((entry) => entry.venueCode === code)?.balance ?? '0') ?? 0n;

/**
 * Launching venues: a visitor goes to login first; each venue launches at most once per
 * `relaunchDebounceMs`; a failure's message is kept per venue (and shown on its tile) until a
 * launch succeeds; a transfer venue's launch says how much moved in. The launched page opens in
 * the venue frame, its H5 address on a phone.
 */
export function useVenueLaunch() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();
  const isDesktop = useIsDesktop();
  const gateRef = useRef(createLaunchGate(relaunchDebounceMs));
  const [launchingCode, setLaunchingCode] = useState<string | undefined>(undefined);
  const [, setFailureVersion] = useState(0);

  const run = async (
    venue: VenueView,
    start: () => Promise<{ url: string; h5Url: string }>,
    isDemo: boolean,
  ) => {
    if (!gateRef.current(venue.code)) {
      return;
    }
    setLaunchingCode(venue.code);
    try {
      const launched = await start();
      launchFailures.clear(venue.code);
      const url = isDesktop ? launched.url : launched.h5Url;
      // A venue our own pages serve (the sportsbook) opens as a page of the site; any other in the frame.
      void navigate(isSportsbookPage(url) ? url : framePath(venue, url, isDemo));
    } catch (error) {
      if (error instanceof ApiError && error.message) {
        launchFailures.save(venue.code, error.message);
      }
    } finally {
      setLaunchingCode(undefined);
      setFailureVersion((version) => version + 1);
    }
  };

  const launch = (venue: VenueView, appSendMoney?: boolean) => {
    if (!isSignedIn) {
      void navigate(loginPathFor(`${location.pathname}${location.search}`));
      return Promise.resolve();
    }
    return run(
      venue,
      async () => {
        const before = venueBalanceFen(
          queryClient.getQueryData(walletQuery.queryKey)?.venues ?? [],
          venue.code,
        );
        const launched = await callRoute('venueLaunch', {
          enName: venue.code,
          isManualLaunch: true,
          isSure: true,
          ...(appSendMoney === undefined ? {} : { appSendMoney }),
        });
        if (venue.flavour === 'OB') {
          rememberObRequestId(launched.resource.requestId);
        }
        if (venue.walletMode === 'transfer') {
          const wallet = await queryClient.fetchQuery({ ...walletQuery, staleTime: 0 });
          const movedFen = venueBalanceFen(wallet.venues, venue.code) - before;
          if (movedFen > 0n) {
            showToast(gameText.movedIn(formatMoneyDisplay(movedFen)));
          }
        }
        return launched;
      },
      false,
    );
  };

  const launchDemo = (venue: VenueView) =>
    run(venue, () => callRoute('venueDemoLaunch', { enName: venue.code }), true);

  return {
    launch,
    launchDemo,
    launchingCode,
    failureOf: (venueCode: string) => launchFailures.read(venueCode),
  };
}
