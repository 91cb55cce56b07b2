/** Business constants of spec section 9. */
export const heartbeatIntervalMs = 5_000;
export const reconnectAttemptMax = 5;
export const reconnectDelayMs = 3_000;
export const counterRefreshIntervalMs = 60_000;

export const titleMarqueeIntervalMs = 350;
/** A document title of this many width units or more scrolls. */
export const titleMarqueeMinWidth = 27;
export const errorDedupeMs = 700;
export const responseHandlerDebounceMs = 350;
export const authErrorDebounceMs = 350;
export const relaunchDebounceMs = 1_000;
export const modalLeaveAnimationMs = 300;

export const requestTimeoutBrowserMs = 100_000;
export const requestTimeoutServerMs = 400;
export const instanceTimeoutBrowserMs = 20_000;
export const instanceTimeoutServerMs = 600;

export const jsonCacheTtlDefaultMs = 3_600_000;
export const platformCountRetryMax = 2;
export const platformCountRetryDelayMs = 500;

export const rememberMeCookieDays = 365;
export const referralExpiryMs = {
  invite_code: 24 * 3_600_000,
  i_code: 12 * 3_600_000,
  r_code: 12 * 3_600_000,
  r_bet: 12 * 3_600_000,
} as const;
export type ReferralParam = keyof typeof referralExpiryMs;
export const referralParams = Object.keys(referralExpiryMs) as ReferralParam[];

export const platformTypeDefault = 6;
export const siteIdDefault = 9001;
export const clientVersion = '2.0.0';
/** Oldest client version the API still serves; older ones answer 10009. */
export const clientVersionMin = '2.0.0';

/** Signed requests older or newer than this answer 10108. */
export const signatureMaxSkewMs = 5 * 60_000;
/** The id the client asks `/site/api/v1/sec/{id}` for the vvPretty key. */
export const secFixedId = 'vv';

export const modalDefaults = { title: '温馨提示', confirmText: '确定', width: 360 } as const;
export const securityNotice = { title: '安全提示', confirmText: '我已了解' } as const;
/** Notice categories: 1 scrolls in the marquee, 2 pops up on first visit. */
export const noticeCategories = { marquee: 1, popup: 2 } as const;

export const mobileUserAgentPattern = /Android|iPhone|iPad|webOS|BlackBerry/i;

/** The home page's data block of the site's banners, which the server writes into index.html. */
export const homeBannersElementId = 'home-banners';

/** Game categories (platform count keys) in display order. */
export const gameCategories = ['TY', 'DJ', 'ZR', 'DZ', 'CP', 'QP', 'BY'] as const;
export type GameCategory = (typeof gameCategories)[number];
export const platformCountKeys = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP'] as const;

/**
 * Bet records (注单): one table for every venue, the in-house engines too. A bet is pending from
 * its stake's debit until it is settled (win, lose or draw by its payout against its stake), voided
 * by the venue, or cancelled by a rollback of its debit. Kept here, beside no schema, so the pages
 * that only name a status do not load zod and the bet schemas with it.
 */
export const betStatuses = ['pending', 'win', 'lose', 'draw', 'void', 'cancelled'] as const;
export type BetStatus = (typeof betStatuses)[number];

export const betStatusNames: Record<BetStatus, string> = {
  pending: '未结算',
  win: '赢',
  lose: '输',
  draw: '和',
  void: '无效',
  cancelled: '已取消',
};

/**
 * Our own sportsbook's pages on the site (体育: football and basketball; 电竞: esports). A launch of
 * a 体育 or 电竞 venue on our own host leads there, naming the venue in `?venue=`.
 * Kept here, with no schema beside it, so a page that needs only the paths loads no zod.
 */
export const sportsbookPagePaths = { TY: '/game/sport/book', DJ: '/game/gaming/book' } as const;
