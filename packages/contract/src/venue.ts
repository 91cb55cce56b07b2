import { z } from 'zod';
import { gameCategories, platformCountKeys } from './constants.ts';
import { pageQuery, sortQuery } from './http-schemas.ts';
import { contentTimeSchema, siteImageUrlSchema } from './site-admin.ts';

/**
 * Game venues (场馆): the registry every game category plugs into, the launch of spec section 7
 * and the platform counts of section 4. A venue has a wallet mode (seamless: it debits and
 * credits our ledger per round; transfer: money moves main <-> venue wallet) and a protocol
 * flavour, the shape of its launch answer and API (IM, OB, FB, or our own).
 */

export const walletModes = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof walletModes)[number];

export const venueFlavours = ['IM', 'OB', 'FB', 'own'] as const;
export type VenueFlavour = (typeof venueFlavours)[number];

/**
 * open: playable; maintenance: refused with its message until its end time; off: hidden;
 * upcoming: listed as 即将开放, because no engine serves it yet.
 */
export const venueStates = ['open', 'maintenance', 'off', 'upcoming'] as const;
export type VenueState = (typeof venueStates)[number];

export const venueCodeSchema = z
  .string()
  .regex(/^[A-Z0-9_]{2,16}$/, '场馆代码须为 2-16 位大写字母、数字或下划线')
  .describe('venue code, e.g. IMTY');

const isoTime = z.string().describe('ISO-8601 UTC time');

/** A venue as players see it. */
export const venueViewSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(gameCategories),
  walletMode: z.enum(walletModes),
  flavour: z.enum(venueFlavours),
  state: z.enum(venueStates).describe('a maintenance whose end time has passed reads open'),
  maintenanceMessage: z.string().describe('empty unless in maintenance'),
  maintenanceUntil: isoTime.nullable().describe('end of the maintenance; null unless in maintenance'),
  sort: z.number().int(),
  logo: z.string(),
  demoAllowed: z.boolean(),
});
export type VenueView = z.infer<typeof venueViewSchema>;

/** Live and total figures of one category: venues open now, and venues listed. */
export const categoryCountSchema = z.object({
  live: z.number().int().describe('venues of the category open now'),
  total: z.number().int().describe('venues of the category listed (open, in maintenance or upcoming)'),
});

export const platformCountSchema = z.object(
  Object.fromEntries(platformCountKeys.map((key) => [key, categoryCountSchema])) as Record<
    (typeof platformCountKeys)[number],
    typeof categoryCountSchema
  >,
);
export type PlatformCount = z.infer<typeof platformCountSchema>;

export const venueListBodySchema = z.object({ category: z.enum(gameCategories) });

export const venueListSchema = z.object({
  category: z.enum(gameCategories),
  counts: categoryCountSchema,
  list: z.array(venueViewSchema).describe('sort order, smallest first; off venues left out'),
});

const flag = z.boolean().default(false);

/** The launch request of spec section 7, every parameter of it. */
export const venueLaunchBodySchema = z.object({
  enName: venueCodeSchema.describe('the venue code'),
  appSendMoney: z
    .boolean()
    .optional()
    .describe("transfer venues: move the main balance in; absent, the member's auto-transfer switch decides"),
  activity: z.string().trim().max(64).default('').describe('an activity page of the venue to open, if any'),
  gameCode: z.string().trim().max(64).default('').describe('a game of the venue to open directly'),
  https: z.boolean().default(true).describe('scheme for venue addresses that leave it open'),
  isApp: flag.describe('launched from the app rather than a browser'),
  isSure: flag.describe('the member confirmed the launch prompt'),
  isPreload: flag.describe('a preload: answers the addresses, moves no money'),
  isManualLaunch: flag.describe('the member pressed launch (not a relaunch after 400401 / 14010)'),
  siteId: z.int().positive().optional().describe('must name the site of the request when given'),
  temporaryParam: z.string().trim().max(256).default('').describe('handed to the venue as is'),
});
export type VenueLaunchBody = z.input<typeof venueLaunchBodySchema>;

export const venueLaunchResultSchema = z.object({
  url: z.string().describe('the venue page (desktop)'),
  h5Url: z.string().describe('the venue page (H5)'),
  token: z.string().describe('launch token; for OB the session address to GET with ?merchantCode='),
  activityUrl: z.string(),
  resource: z
    .record(z.string(), z.string())
    .describe("the flavour's shared params (IM LanguageCode…, OB cuid/requestId…, FB Authorization…)"),
  apiUrl: z.string().describe("the venue API base with the flavour's prefix (/api/mobile, /yewu, /v1)"),
});
export type VenueLaunchResult = z.infer<typeof venueLaunchResultSchema>;

export const venueDemoLaunchBodySchema = venueLaunchBodySchema.pick({
  enName: true,
  gameCode: true,
  https: true,
  isApp: true,
});

export const venueLeaveBodySchema = z.object({
  enName: venueCodeSchema,
  transferId: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, '须为 8-40 位字母、数字或 _-'),
});

export const venueLeaveResultSchema = z.object({
  venueCode: z.string(),
  mainBalance: z.string(),
  venueBalance: z.string(),
});

export const platformCountBodySchema = z.object({
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求标识格式错误')
    .describe('an OB request id'),
});

// ---- Console -----------------------------------------------------------------------------

export const adminVenueSchema = venueViewSchema.extend({
  storedState: z
    .enum(venueStates)
    .describe('the state as saved (a lapsed maintenance still reads maintenance)'),
  apiBaseUrl: z.string().describe("the venue host's base URL; empty for ours"),
  updatedAt: isoTime,
});
export type AdminVenue = z.infer<typeof adminVenueSchema>;

export const venueSortMax = 9999;

/** Staff change a venue: name, logo, state with its maintenance window, order, demo. */
export const adminVenueUpdateBodySchema = z.object({
  code: venueCodeSchema,
  name: z.string().trim().min(1, '请输入场馆名称').max(20, '场馆名称不能超过 20 个字'),
  logo: siteImageUrlSchema,
  state: z.enum(venueStates),
  maintenanceMessage: z.string().trim().max(200, '维护说明不能超过 200 个字').default(''),
  maintenanceUntil: contentTimeSchema
    .nullable()
    .default(null)
    .describe('required for maintenance, in the future'),
  sort: z.int().min(0).max(venueSortMax),
  demoAllowed: z.boolean(),
});

export const venueLaunchResults = ['ok', 'refused'] as const;

export const adminVenueLaunchSortKeys = ['createdAt', 'venueCode', 'movedAmount'] as const;
export type AdminVenueLaunchSortKey = (typeof adminVenueLaunchSortKeys)[number];

export const adminVenueLaunchQuerySchema = pageQuery.extend({
  venueCode: venueCodeSchema.optional(),
  username: z.string().trim().toLowerCase().max(32).optional(),
  result: z.enum(venueLaunchResults).optional(),
  isDemo: z.boolean().optional(),
  ...sortQuery(adminVenueLaunchSortKeys),
});

export const adminVenueLaunchSchema = z.object({
  id: z.number().int(),
  createdAt: isoTime,
  venueCode: z.string(),
  username: z.string().nullable().describe('null for a guest demo launch'),
  isDemo: z.boolean(),
  ip: z.string(),
  device: z.string().describe('app, or the client type header (web, h5 …)'),
  result: z.enum(venueLaunchResults),
  code: z.number().int().describe('6000, or the code the launch was refused with'),
  message: z.string(),
  movedAmount: z.string().describe('yuan moved into a transfer venue by this launch'),
});
