import { SiteEmpty } from '../../lib/site-empty.tsx';
import { useDemoVenues } from './api.ts';
import { gameText } from './game-messages.ts';
import { VenuesLoading, VenueTiles } from './venue-tiles.tsx';

/** `/demo`: venues open for demo play; a launch plays with demo credits, never the real balance. */
export function DemoPage() {
  const { data, isPending } = useDemoVenues();
  return (
    <div className="site-page game-page">
      <p className="venue-demo-lead">{gameText.demoLead}</p>
      {isPending ? (
        <VenuesLoading />
      ) : (data ?? []).length === 0 ? (
        <SiteEmpty title={gameText.noDemo} />
      ) : (
        <VenueTiles venues={data ?? []} label={gameText.demoTitle} isDemo />
      )}
    </div>
  );
}
