import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app.tsx';
import { appRoutes } from '../app/routes.tsx';

export function renderApp(path: string, options: { areCookiesEnabled?: boolean } = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(<App router={router} areCookiesEnabled={options.areCookiesEnabled ?? true} />);
  return { router, ...view };
}
