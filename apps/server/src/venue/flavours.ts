import {
  type GameCategory,
  sportsbookPagePaths,
  type VenueFlavour,
  type VenueLaunchResult,
} from '@site/contract';

/**
 * The launch answer in each protocol flavour's shape (spec sections 3 and 7). Only the base URL
 * comes from the registry, so pointing a flavour at a real provider changes nothing here.
 */
export const flavourPrefixes: Record<VenueFlavour, string> = {
  IM: '/api/mobile',
  OB: '/yewu',
  FB: '/v1',
  own: '/venue-api',
};

/** The flavours' defaults for the shared params of spec section 3. */
export const flavourDefaults = {
  imLanguageCode: 'CHS',
  imOddsType: 'Europe',
  fbLanguageType: 'CMN',
} as const;

export interface LaunchFacts {
  flavour: VenueFlavour;
  venueCode: string;
  category: GameCategory;
  /** The venue host's base URL as the registry holds it; empty for our own host. */
  apiBaseUrl: string;
  https: boolean;
  token: string;
  /** OB only: the request id the count service and the OB calls carry. */
  requestId: string | undefined;
  /** How the venue knows the member: never the username. */
  memberCode: string;
  origin: string;
  gameCode: string;
  activity: string;
  temporaryParam: string;
  nowMs: number;
}

/** A base URL given without a scheme (`//venue.example`) takes the one the client asked for. */
export function resolvedBase(apiBaseUrl: string, https: boolean): string {
  return apiBaseUrl.startsWith('//') ? `${https ? 'https:' : 'http:'}${apiBaseUrl}` : apiBaseUrl;
}

/**
 * Where a launch leads: a 体育 or 电竞 venue on our own host to our sportsbook's pages on the site,
 * naming the venue (the site's session signs the member in there, so no token rides in the
 * address); any other venue to its lobby on its host, which the launch token opens.
 */
function pageOf(facts: LaunchFacts, base: string) {
  if (facts.apiBaseUrl === '' && (facts.category === 'TY' || facts.category === 'DJ')) {
    return {
      path: sportsbookPagePaths[facts.category],
      query: new URLSearchParams({ venue: facts.venueCode }),
    };
  }
  return {
    path: `${base}/venue/${facts.venueCode.toLowerCase()}/`,
    query: new URLSearchParams({ token: facts.token }),
  };
}

export function launchAnswer(facts: LaunchFacts): VenueLaunchResult {
  const base = resolvedBase(facts.apiBaseUrl, facts.https);
  const page = (device: 'pc' | 'h5', extra: Record<string, string> = {}) => {
    const { path, query } = pageOf(facts, base);
    query.set('device', device);
    for (const [key, value] of Object.entries({
      gameCode: facts.gameCode,
      param: facts.temporaryParam,
      ...extra,
    })) {
      if (value !== '') {
        query.set(key, value);
      }
    }
    return `${path}?${query.toString()}`;
  };
  const url = page('pc');
  const h5Url = page('h5');
  const activityUrl = facts.activity === '' ? '' : page('h5', { activity: facts.activity });
  const apiUrl = `${base}${flavourPrefixes[facts.flavour]}`;
  const common = { url, h5Url, activityUrl, apiUrl };
  switch (facts.flavour) {
    case 'IM':
      return {
        ...common,
        token: facts.token,
        resource: {
          LanguageCode: flavourDefaults.imLanguageCode,
          OddsType: flavourDefaults.imOddsType,
          TimeStamp: String(facts.nowMs),
          origin: facts.origin,
          Token: facts.token,
          MemberCode: facts.memberCode,
        },
      };
    case 'OB':
      return {
        ...common,
        // The client GETs `{token}?merchantCode=` with the requestId and client-type headers.
        token: `${apiUrl}/api/session/${facts.token}`,
        resource: {
          cuid: facts.memberCode,
          origin: facts.origin,
          requestId: facts.requestId ?? '',
          resourceUrl: `${apiUrl}/resource`,
          resourceGamingUrl: `${apiUrl}/resource/gaming`,
          h5Url,
          url,
          activityUrl,
        },
      };
    case 'FB':
      return {
        ...common,
        token: facts.token,
        resource: {
          origin: facts.origin,
          languageType: flavourDefaults.fbLanguageType,
          Authorization: facts.token,
          url,
        },
      };
    case 'own':
      return { ...common, token: facts.token, resource: { origin: facts.origin } };
    default:
      throw new Error(`venue: unknown flavour ${String(facts.flavour satisfies never)}`);
  }
}
