import {
  ApiError,
  ErrorCode,
  formatFen,
  type SportsbookAcceptOdds,
  type SportsbookPlaceBody,
  sportsbookAcceptOdds,
} from '@site/contract';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorText } from '../../lib/api-error.ts';
import { loginPathFor } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { usePlaceSlip } from './api.ts';
import {
  canParlay,
  newSlipId,
  parlayAmounts,
  type SlipLeg,
  shownOdds,
  singleAmounts,
  stakeFenOf,
  systemAmounts,
  systemName,
} from './slip.ts';
import { slipStore, useOddsFormat, useSlipLegs } from './slip-store.ts';
import { sportsbookText as text } from './sportsbook-text.ts';

type Mode = 'single' | 'parlay' | 'system';

const legId = (leg: SlipLeg) => `${leg.matchId}/${leg.selectionKey}`;

interface OddsChange {
  readonly leg: SlipLeg;
  readonly odds: string;
}

function oddsChangeOf(error: unknown, legs: readonly SlipLeg[]): OddsChange | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.sportsbookOddsChanged) {
    return undefined;
  }
  const data = error.data as { matchId?: string; selectionKey?: string; odds?: string } | null;
  const leg = legs.find(
    (candidate) => candidate.matchId === data?.matchId && candidate.selectionKey === data?.selectionKey,
  );
  return leg && typeof data?.odds === 'string' ? { leg, odds: data.odds } : undefined;
}

function Amount({ label, fen }: { label: string; fen: bigint | undefined }) {
  return (
    <p className="sb-slip__amount">
      <span>{label}</span>
      <strong>{fen === undefined ? '--' : `¥${formatFen(fen)}`}</strong>
    </p>
  );
}

/**
 * The bet slip: singles with a stake each, or one 串关 (N串1, M串N) of legs from different matches;
 * placed through the venue the book was launched from, if any.
 */
export function SlipPanel({
  isInSheet = false,
  venueCode,
}: {
  isInSheet?: boolean;
  venueCode?: string | undefined;
}) {
  const legs = useSlipLegs();
  const format = useOddsFormat();
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  const place = usePlaceSlip();
  const [mode, setMode] = useState<Mode>('single');
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [comboStake, setComboStake] = useState('');
  const [acceptOdds, setAcceptOdds] = useState<SportsbookAcceptOdds>('better');
  const [failure, setFailure] = useState<string | undefined>();
  const [oddsChange, setOddsChange] = useState<OddsChange | undefined>();

  const isParlayOk = canParlay(legs);
  const effectiveMode: Mode =
    mode === 'single' || !isParlayOk ? 'single' : mode === 'system' && legs.length < 3 ? 'parlay' : mode;

  if (legs.length === 0) {
    return (
      <section className="sb-slip" aria-label={text.slip}>
        <h2 className="sb-slip__title">{text.slip}</h2>
        <p className="sb-state">{text.slipEmpty}</p>
      </section>
    );
  }

  const comboFen = stakeFenOf(comboStake);
  const singles = legs.map((leg) => {
    const stakeFen = stakeFenOf(stakes[legId(leg)] ?? '');
    return {
      leg,
      stakeFen,
      amounts: stakeFen === undefined ? undefined : singleAmounts(stakeFen, leg.odds, format),
    };
  });
  const combo =
    comboFen === undefined
      ? undefined
      : effectiveMode === 'system'
        ? systemAmounts(comboFen, legs)
        : parlayAmounts(comboFen, legs);
  const totalRisk =
    effectiveMode === 'single'
      ? singles.some((single) => single.amounts)
        ? singles.reduce((sum, single) => sum + (single.amounts?.riskFen ?? 0n), 0n)
        : undefined
      : combo?.riskFen;
  const totalReturn =
    effectiveMode === 'single'
      ? singles.some((single) => single.amounts)
        ? singles.reduce((sum, single) => sum + (single.amounts?.returnFen ?? 0n), 0n)
        : undefined
      : combo?.returnFen;

  const legInput = (leg: SlipLeg) => ({
    matchId: leg.matchId,
    marketKey: leg.marketKey,
    selectionKey: leg.selectionKey,
    odds: leg.odds,
  });

  const submit = async () => {
    setFailure(undefined);
    setOddsChange(undefined);
    const bodies: { body: SportsbookPlaceBody; legs: SlipLeg[] }[] =
      effectiveMode === 'single'
        ? singles
            .filter((single) => single.stakeFen !== undefined)
            .map((single) => ({
              legs: [single.leg],
              body: {
                kind: 'single',
                slipId: newSlipId(),
                stake: formatFen(single.stakeFen ?? 0n),
                acceptOdds,
                oddsFormat: format,
                legs: [legInput(single.leg)],
                ...(venueCode === undefined ? {} : { venueCode }),
              },
            }))
        : comboFen === undefined
          ? []
          : [
              {
                legs: [...legs],
                body: {
                  kind: effectiveMode,
                  slipId: newSlipId(),
                  stake: formatFen(comboFen),
                  acceptOdds,
                  legs: legs.map(legInput),
                  ...(venueCode === undefined ? {} : { venueCode }),
                },
              },
            ];
    if (bodies.length === 0) {
      setFailure(text.enterStake);
      return;
    }
    for (const { body, legs: placed } of bodies) {
      try {
        await place.mutateAsync(body);
        for (const leg of placed) {
          slipStore.remove(leg);
        }
        showToast(text.placed);
      } catch (error) {
        const change = oddsChangeOf(error, legs);
        if (change) {
          setOddsChange(change);
        } else {
          setFailure(errorText(error));
        }
        return;
      }
    }
    setStakes({});
    setComboStake('');
  };

  const acceptChange = () => {
    if (oddsChange) {
      slipStore.updateOdds(oddsChange.leg.matchId, oddsChange.leg.selectionKey, oddsChange.odds);
      setOddsChange(undefined);
    }
  };

  return (
    <section className="sb-slip" aria-label={text.slip}>
      <header className="sb-slip__head">
        {isInSheet ? (
          <span className="sb-slip__title">{text.picked(legs.length)}</span>
        ) : (
          <h2 className="sb-slip__title">
            {text.slip} <span className="sb-slip__count">{legs.length}</span>
          </h2>
        )}
        <button type="button" className="sb-link" onClick={() => slipStore.clear()}>
          {text.clearSlip}
        </button>
      </header>
      <fieldset className="sb-seg" aria-label={text.slip}>
        <button
          type="button"
          className="sb-seg__item"
          aria-pressed={effectiveMode === 'single'}
          onClick={() => setMode('single')}
        >
          {text.single}
        </button>
        <button
          type="button"
          className="sb-seg__item"
          aria-pressed={effectiveMode === 'parlay'}
          disabled={!isParlayOk}
          onClick={() => setMode('parlay')}
        >
          {isParlayOk ? `${legs.length}串1` : text.parlay}
        </button>
        {isParlayOk && legs.length >= 3 ? (
          <button
            type="button"
            className="sb-seg__item"
            aria-pressed={effectiveMode === 'system'}
            onClick={() => setMode('system')}
          >
            {systemName(legs.length)}
          </button>
        ) : null}
      </fieldset>
      {!isParlayOk && legs.length >= 2 ? <p className="sb-slip__hint">{text.parlayNeeds}</p> : null}
      <ul className="sb-slip__legs">
        {singles.map(({ leg, amounts }) => (
          <li key={legId(leg)} className="sb-leg" data-testid="slip-leg">
            <div className="sb-leg__head">
              <span className="sb-leg__pick">
                {leg.selectionName}
                <span className="sb-leg__odds"> @ {shownOdds(leg.odds, format)}</span>
              </span>
              <button
                type="button"
                className="sb-leg__remove"
                aria-label={text.removeLeg(leg.selectionName)}
                onClick={() => slipStore.remove(leg)}
              >
                ×
              </button>
            </div>
            <p className="sb-leg__match">
              {leg.marketName} · {leg.home} {text.vs} {leg.away}
            </p>
            {effectiveMode === 'single' ? (
              <div className="sb-leg__stake">
                <input
                  className="sb-input"
                  inputMode="decimal"
                  aria-label={text.stakeFor(leg.selectionName)}
                  placeholder={text.stakePlaceholder}
                  value={stakes[legId(leg)] ?? ''}
                  onChange={(event) => setStakes({ ...stakes, [legId(leg)]: event.target.value })}
                />
                <span className="sb-leg__return">
                  {text.potentialReturn} {amounts ? `¥${formatFen(amounts.returnFen)}` : '--'}
                </span>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {effectiveMode === 'single' ? null : (
        <label className="sb-slip__combo">
          <span>{effectiveMode === 'system' ? text.perTicket : text.stake}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            placeholder={text.stakePlaceholder}
            value={comboStake}
            onChange={(event) => setComboStake(event.target.value)}
          />
        </label>
      )}
      <label className="sb-slip__accept">
        <span>{text.acceptOdds}</span>
        <select
          className="sb-format__select"
          value={acceptOdds}
          onChange={(event) => setAcceptOdds(event.target.value as SportsbookAcceptOdds)}
        >
          {sportsbookAcceptOdds.map((choice) => (
            <option key={choice} value={choice}>
              {text.acceptChoices[choice]}
            </option>
          ))}
        </select>
      </label>
      {effectiveMode === 'system' && combo ? (
        <p className="sb-slip__hint">{text.tickets(Number(combo.riskFen / (comboFen ?? 1n)))}</p>
      ) : null}
      <Amount label={text.risk} fen={totalRisk} />
      <Amount label={text.potentialReturn} fen={totalReturn} />
      {oddsChange ? (
        <div className="sb-slip__change" role="alert">
          <p className="sb-slip__change-title">{text.oddsChanged}</p>
          <p>
            {text.oddsChangedBody(shownOdds(oddsChange.leg.odds, format), shownOdds(oddsChange.odds, format))}
          </p>
          <div className="sb-slip__change-actions">
            <button
              type="button"
              className="sb-button sb-button--ghost"
              onClick={() => setOddsChange(undefined)}
            >
              {text.cancel}
            </button>
            <button type="button" className="sb-button" onClick={acceptChange}>
              {text.acceptNewOdds}
            </button>
          </div>
        </div>
      ) : null}
      {failure ? (
        <p className="sb-slip__failure" role="alert">
          {failure}
        </p>
      ) : null}
      {isSignedIn ? (
        <button
          type="button"
          className="sb-button sb-button--primary sb-slip__place"
          disabled={place.isPending}
          onClick={() => void submit()}
        >
          {place.isPending ? text.placing : text.place}
        </button>
      ) : (
        <Link
          className="sb-button sb-button--primary sb-slip__place"
          to={loginPathFor(`${location.pathname}${location.search}`)}
        >
          {text.loginToBet}
        </Link>
      )}
    </section>
  );
}
