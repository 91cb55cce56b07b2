import { DotLoading } from 'antd-mobile';
import { type ComponentType, lazy, Suspense } from 'react';
import { messages } from '../lib/messages.ts';
import { session, storageKeys } from '../lib/storage.ts';

/** Where the page area waits for its chunk; the layout around it is already drawn. */
function PageLoading() {
  return (
    <div className="system-page" role="status">
      <DotLoading color="primary" />
      <span>{messages.common.loading}</span>
    </div>
  );
}

/**
 * A chunk that fails to load usually means a deploy replaced it: reload once to get the new
 * index.html and its chunk names. If it fails again the error reaches the crash page.
 */
async function loadOrReloadOnce<Component>(
  load: () => Promise<Component>,
  reload: () => void,
): Promise<Component> {
  try {
    const component = await load();
    session.remove(storageKeys.chunkReload);
    return component;
  } catch (error) {
    if (session.get(storageKeys.chunkReload) === null) {
      session.set(storageKeys.chunkReload, '1');
      // Storage that cannot hold the mark would reload forever: then the crash page shows instead.
      if (session.get(storageKeys.chunkReload) === '1') {
        reload();
        // Keep the loading state up until the reload replaces the page.
        return new Promise<Component>(() => undefined);
      }
    }
    throw error;
  }
}

/**
 * A page whose code loads when it is first shown: the route keeps its static handle (chrome,
 * title) and the layout draws at once, while the page area shows 加载中... until the chunk arrives.
 * Use: `const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));`
 * `reload` reloads the document; tests pass their own.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  reload: () => void = () => window.location.reload(),
): ComponentType<Props> {
  // React keeps a failed lazy component failed: a fresh one lets the crash page's retry load again.
  const loadModule = (): Promise<{ default: ComponentType<Props> }> =>
    loadOrReloadOnce(load, reload).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        Page = lazy(loadModule);
        throw error;
      },
    );
  let Page = lazy(loadModule);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page when routes.tsx loads, never while rendering
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return LazyPage;
}
