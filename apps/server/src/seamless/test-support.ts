import { type RouteDefinition, routes, signVenueRequest, venueHeaderNames } from '@site/contract';
import type { Answer } from '../session/test-support.ts';
import type { TestApp } from '../testing.ts';

type WalletRoute = 'seamlessBalance' | 'seamlessDebit' | 'seamlessCredit' | 'seamlessRollback';

/** A venue calling the seamless wallet API, signed with the secret the registry holds for it. */
export function venueCaller(testApp: TestApp, venueCode = 'IMTY', siteId = 9001) {
  const secretOf = async () => {
    const venue = await testApp.services.venues.get(siteId, venueCode);
    if (!venue) {
      throw new Error(`no venue ${venueCode} on site ${siteId}`);
    }
    return venue.secret;
  };
  return async <T = unknown>(name: WalletRoute, payload: object): Promise<Answer<T>> => {
    const definition: RouteDefinition = routes[name];
    const body = JSON.stringify(payload);
    const timestamp = String(testApp.clock.now());
    const response = await testApp.app.inject({
      method: definition.method,
      url: definition.path,
      headers: {
        'content-type': 'application/json',
        [venueHeaderNames.siteId]: String(siteId),
        [venueHeaderNames.venueCode]: venueCode,
        [venueHeaderNames.timestamp]: timestamp,
        [venueHeaderNames.sign]: signVenueRequest(await secretOf(), { venueCode, timestamp, body }),
      },
      payload: body,
    });
    return response.json() as Answer<T>;
  };
}
