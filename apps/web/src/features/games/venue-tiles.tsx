import type { VenueView } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayYuan } from '../../lib/money.tsx';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { walletQuery } from '../../lib/wallet.ts';
import { gameText } from './game-messages.ts';
import { useVenueLaunch } from './use-venue-launch.ts';
import { ownPageOf } from './venues.ts';
import './games.css';

type Launcher = ReturnType<typeof useVenueLaunch>;

function VenueStateNote({ venue }: { venue: VenueView }) {
  if (venue.state === 'upcoming') {
    return <span className="venue-tile__badge">{gameText.upcoming}</span>;
  }
  if (venue.state === 'maintenance') {
    return (
      <span className="venue-tile__maintenance">
        <strong>{gameText.maintenance}</strong>
        {venue.maintenanceMessage ? <span>{venue.maintenanceMessage}</span> : null}
        {venue.maintenanceUntil ? (
          <span>{gameText.maintenanceUntil(formatShanghaiTime(venue.maintenanceUntil))}</span>
        ) : null}
        <span>{gameText.maintenanceHelp}</span>
      </span>
    );
  }
  return null;
}

/**
 * One venue: logo, name and wallet mode; open, it is a button that launches (a demo in demo mode);
 * in maintenance it is greyed with its message and end time; upcoming, it reads 即将开放. The
 * last launch failure of the venue shows under it. An in-house venue with a page of its own (彩票)
 * opens that page instead of launching.
 */
function VenueTile(props: {
  venue: VenueView;
  launcher: Launcher;
  onTransferLaunch: (venue: VenueView) => void;
  isDemo: boolean;
}) {
  const { venue, launcher } = props;
  const isOpen = venue.state === 'open';
  const navigate = useNavigate();
  const isLaunching = launcher.launchingCode === venue.code;
  const failure = isOpen ? launcher.failureOf(venue.code) : undefined;
  const ownPage = ownPageOf(venue);
  const onLaunch = () => {
    if (ownPage) {
      void navigate(ownPage);
    } else if (props.isDemo) {
      void launcher.launchDemo(venue);
    } else if (venue.walletMode === 'transfer') {
      props.onTransferLaunch(venue);
    } else {
      void launcher.launch(venue);
    }
  };
  return (
    <li className={`venue-tile venue-tile--${venue.state}`} data-testid="venue-tile" data-venue={venue.code}>
      <img className="venue-tile__logo" src={venue.logo} alt="" width={56} height={56} loading="lazy" />
      <div className="venue-tile__body">
        <span className="venue-tile__name">{venue.name}</span>
        <span className="venue-tile__mode">
          {venue.walletMode === 'transfer' ? gameText.transferWallet : gameText.seamlessWallet}
        </span>
        <VenueStateNote venue={venue} />
        {failure ? (
          <span className="venue-tile__failure" role="alert">
            {gameText.lastFailure(failure)}
          </span>
        ) : null}
      </div>
      {isOpen ? (
        <Button
          className="venue-tile__launch"
          color="primary"
          shape="rounded"
          size="small"
          loading={isLaunching}
          aria-label={`${props.isDemo ? gameText.demoPlay : gameText.enter} ${venue.name}`}
          onClick={onLaunch}
        >
          {props.isDemo ? gameText.demoPlay : gameText.enter}
        </Button>
      ) : null}
    </li>
  );
}

/** 进入 a transfer venue: whether the main balance goes in, by default as 自动免转 is set. */
function TransferLaunchSheet(props: {
  venue: VenueView | undefined;
  launcher: Launcher;
  onClose: () => void;
}) {
  // Asked only while the sheet is open: visitors see the tiles too, and have no wallet.
  const { data: wallet } = useQuery({ ...walletQuery, enabled: props.venue !== undefined });
  const [choice, setChoice] = useState<boolean | undefined>(undefined);
  const appSendMoney = choice ?? wallet?.isAutoTransfer ?? false;
  const close = () => {
    setChoice(undefined);
    props.onClose();
  };
  const venue = props.venue;
  return (
    <ResponsiveSheet
      title={venue ? gameText.launchTitle(venue.name) : ''}
      visible={venue !== undefined}
      onMaskClick={close}
      onClose={close}
      bodyClassName="venue-launch-sheet"
    >
      <List className="site-card">
        <List.Item
          description={gameText.bringBalanceHint(displayYuan(wallet?.mainBalance))}
          extra={<Switch aria-label={gameText.bringBalance} checked={appSendMoney} onChange={setChoice} />}
        >
          {gameText.bringBalance}
        </List.Item>
      </List>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={venue !== undefined && props.launcher.launchingCode === venue.code}
        onClick={() => {
          if (venue) {
            void props.launcher.launch(venue, appSendMoney).then(close);
          }
        }}
      >
        {gameText.confirmEnter}
      </Button>
    </ResponsiveSheet>
  );
}

/** A list of venue tiles with the launch behaviour; `isDemo` launches demo play instead. */
export function VenueTiles(props: { venues: readonly VenueView[]; label: string; isDemo?: boolean }) {
  const launcher = useVenueLaunch();
  const [transferVenue, setTransferVenue] = useState<VenueView | undefined>(undefined);
  return (
    <>
      <ul className="venue-tiles" aria-label={props.label}>
        {props.venues.map((venue) => (
          <VenueTile
            key={venue.code}
            venue={venue}
            launcher={launcher}
            onTransferLaunch={setTransferVenue}
            isDemo={props.isDemo ?? false}
          />
        ))}
      </ul>
      <TransferLaunchSheet
        venue={transferVenue}
        launcher={launcher}
        onClose={() => setTransferVenue(undefined)}
      />
    </>
  );
}

export function VenuesLoading() {
  return (
    <div className="venue-loading" role="status">
      <DotLoading color="primary" />
      <span>{gameText.loading}</span>
    </div>
  );
}
