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
  currency: '/mine/currency',
  currencyRecord: '/mine/record/currencyRecord',
  withdrawMethods: '/mine/virtualCoinCard',
  customerService: '/customer/main',
  download: '/download',
  downloadLanding: '/download-page',
  stopService: '/other/stopService',
  maintenance: '/other/maintenance',
  restrictionIp: '/other/restrictionIp',
  notFound: '/404',
} as const;

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
