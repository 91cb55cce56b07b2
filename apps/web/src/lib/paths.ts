import { type GameCategory, sportsbookPagePaths } from '@site/contract';

/** Paths the shell sends players to. */
export const paths = {
  home: '/',
  login: '/user/login',
  register: '/user/register',
  password: '/user/password',
  registerGuide: '/registerGuide',
  mine: '/mine',
  mail: '/mine/mail',
  userInfo: '/mine/userInfo',
  authentication: '/mine/userInfo/authentication',
  bindBankCard: '/mine/userInfo/authentication/bindBankCard',
  addBankCard: '/mine/addBankCard',
  addDigitalCard: '/mine/addDigitalCard',
  introTutorial: '/mine/finance/introTutorial',
  platformTutorials: '/mine/finance/introTutorial/platformTutorials',
  infoAudit: '/mine/infoAudit',
  wallet: '/mine/finance/wallet',
  balance: '/mine/balance',
  deposit: '/mine/finance/deposit',
  transfer: '/mine/finance/transfer',
  withdrawal: '/mine/finance/withdrawal',
  audit: '/mine/audit',
  transRecord: '/mine/record/transRecord',
  betRecord: '/mine/record/betRecord',
  demo: '/demo',
  currency: '/mine/currency',
  currencyRecord: '/mine/record/currencyRecord',
  withdrawMethods: '/mine/virtualCoinCard',
  chat: '/chat',
  giftRecord: '/mine/record/giftRecord',
  customerService: '/customer/main',
  download: '/download',
  downloadLanding: '/download-page',
  stopService: '/other/stopService',
  maintenance: '/other/maintenance',
  restrictionIp: '/other/restrictionIp',
  notFound: '/404',
} as const;

/** The path word of each game category's page, `/game/<word>` (spec section 2). */
export const gameCategorySlugs = {
  TY: 'sport',
  DJ: 'gaming',
  ZR: 'realbet',
  DZ: 'egame',
  CP: 'lottery',
  QP: 'chess',
  BY: 'fishing',
} as const satisfies Record<GameCategory, string>;

/** Our own sportsbook under 体育 (football, basketball) and 电竞 (esports only): `/game/<word>/book`. */
export function sportsbookPath(category: 'TY' | 'DJ'): string {
  return sportsbookPagePaths[category];
}

/** Path fragments of venue pages that need a session (spec section 2). */
export const protectedFragments = [
  'sport/V188?url=',
  'sport/im?url=',
  'sport/ob?url=',
  'gaming/ybdj?url=',
  'gaming/imdj?url=',
  'gaming/lhdj?url=',
  'registerGuide',
] as const;

/** After an auth error, members' pages and protected venue pages go home; the rest to login. */
export function authErrorTarget(pathWithSearch: string): string {
  const isMemberPage = /^\/mine(\/|\?|$)/.test(pathWithSearch);
  const isProtected = protectedFragments.some((fragment) => pathWithSearch.includes(fragment));
  return isMemberPage || isProtected ? paths.home : paths.login;
}

/** The login path that comes back to `pathWithSearch` afterwards. */
export function loginPathFor(pathWithSearch: string): string {
  return `${paths.login}?redirect=${encodeURIComponent(pathWithSearch)}`;
}
