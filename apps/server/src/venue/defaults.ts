import type { GameCategory, VenueFlavour, VenueState, WalletMode } from '@site/contract';

export interface DefaultVenue {
  code: string;
  name: string;
  category: GameCategory;
  walletMode: WalletMode;
  flavour: VenueFlavour;
  state: VenueState;
  sort: number;
  demoAllowed: boolean;
}

/**
 * The venues a site starts with. The sport and esports venues speak the IM, OB and FB flavours in
 * front of our own sportsbook and open with it (real stakes only: the book has no demo play);
 * every other category has one in-house venue. Each of those is 即将开放 until a game engine serves
 * it, so no player launches into a venue with nothing to play; an operator may open one earlier
 * from the console. CP is the lottery hall's and open from the start. 真人 and 棋牌 keep the transfer
 * wallet their members already hold balances in.
 */
export const defaultVenues: ReadonlyArray<DefaultVenue> = [
  {
    code: 'IMTY',
    name: 'IM体育',
    category: 'TY',
    walletMode: 'seamless',
    flavour: 'IM',
    state: 'open',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'YBTY',
    name: '熊猫体育',
    category: 'TY',
    walletMode: 'seamless',
    flavour: 'OB',
    state: 'open',
    sort: 2,
    demoAllowed: false,
  },
  {
    code: 'FBTY',
    name: 'FB体育',
    category: 'TY',
    walletMode: 'seamless',
    flavour: 'FB',
    state: 'open',
    sort: 3,
    demoAllowed: false,
  },
  {
    code: 'YBDJ',
    name: '熊猫电竞',
    category: 'DJ',
    walletMode: 'seamless',
    flavour: 'OB',
    state: 'open',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'IMDJ',
    name: 'IM电竞',
    category: 'DJ',
    walletMode: 'seamless',
    flavour: 'IM',
    state: 'open',
    sort: 2,
    demoAllowed: false,
  },
  {
    code: 'LHDJ',
    name: '雷火电竞',
    category: 'DJ',
    walletMode: 'seamless',
    flavour: 'own',
    state: 'open',
    sort: 3,
    demoAllowed: false,
  },
  {
    code: 'ZR',
    name: '真人视讯',
    category: 'ZR',
    walletMode: 'transfer',
    flavour: 'own',
    state: 'upcoming',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'DZ',
    name: '电子游艺',
    category: 'DZ',
    walletMode: 'seamless',
    flavour: 'own',
    state: 'upcoming',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'CP',
    name: '彩票',
    category: 'CP',
    walletMode: 'seamless',
    flavour: 'own',
    state: 'open',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'QP',
    name: '棋牌',
    category: 'QP',
    walletMode: 'transfer',
    flavour: 'own',
    state: 'upcoming',
    sort: 1,
    demoAllowed: false,
  },
  {
    code: 'BY',
    name: '捕鱼',
    category: 'BY',
    walletMode: 'seamless',
    flavour: 'own',
    state: 'upcoming',
    sort: 1,
    demoAllowed: false,
  },
];

/** Each venue's logo, served from /media/venues/. */
export const venueLogoOf = (code: string) => `/media/venues/${code.toLowerCase()}.svg`;
