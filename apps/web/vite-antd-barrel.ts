import type { Plugin } from 'vite';

/**
 * antd-mobile's package.json marks its index (`import { Button } from 'antd-mobile'`) as having
 * side effects, for its one `import './global'`. A module with side effects is kept whole, so
 * every component it re-exports counted among the entry's static imports (rolldown's `$initial`
 * tag), and the `index` group of vite.config.ts, which puts those in the entry's chunk, would
 * take all of antd-mobile. Declared free of side effects, the index is followed only for the
 * names a module imports from it; main.tsx imports `antd-mobile/es/global` itself.
 */
export function antdIndexWithoutSideEffects(): Plugin {
  return {
    name: 'site:antd-index-without-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'antd-mobile') {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, moduleSideEffects: false } : null;
    },
  };
}
