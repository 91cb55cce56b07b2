import type { RouteName, Routes } from '@site/contract';
import { type Plugin, runnerImport } from 'vite';

/** The module the web API client imports its route table from (declared in src/route-table.d.ts). */
export const routeTableModuleId = 'virtual:route-table';
const resolvedModuleId = `\0${routeTableModuleId}`;

export type RouteTable = Partial<Record<RouteName, Pick<Routes[RouteName], 'method' | 'path'>>>;

/**
 * The method and path of each route the member site may call, without the schemas the browser has
 * no use for; the operator console's routes are left out.
 */
export function routeTableOf(routes: Routes): RouteTable {
  return Object.fromEntries(
    Object.entries(routes)
      .filter(([, route]) => typeof route.access !== 'object')
      .map(([name, route]) => [name, { method: route.method, path: route.path }]),
  );
}

/**
 * Serves `virtual:route-table`: the contract's route table reduced to methods and paths, generated
 * when the module is built (the dev server rebuilds it when a contract file changes). Importing
 * `routes` itself would put zod and every schema on the first load. Vite's module runner loads
 * the contract, whose TypeScript sources Node cannot import on its own.
 */
export function routeTable(): Plugin {
  return {
    name: 'site:route-table',
    resolveId(id) {
      return id === routeTableModuleId ? resolvedModuleId : undefined;
    },
    async load(id) {
      if (id !== resolvedModuleId) {
        return undefined;
      }
      const { module, dependencies } = await runnerImport<{ routes: Routes }>('@site/contract', {
        configFile: false,
        logLevel: 'warn',
      });
      for (const file of dependencies) {
        this.addWatchFile(file);
      }
      return `export const routeTable = ${JSON.stringify(routeTableOf(module.routes))};\n`;
    },
  };
}
