/** Generated at build time from the contract's routes by vite-route-table.ts. */
declare module 'virtual:route-table' {
  import type { RouteName, Routes } from '@site/contract';

  /** The routes the member site may call: every one but the operator console's. */
  export type WebRouteName = {
    [Name in RouteName]: Routes[Name]['access'] extends { operator: unknown } ? never : Name;
  }[RouteName];

  export const routeTable: {
    readonly [Name in WebRouteName]: Pick<Routes[Name], 'method' | 'path'>;
  };
}
