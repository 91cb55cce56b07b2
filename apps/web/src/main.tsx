import './lib/zod-setup.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootShell } from './app/boot.ts';
import { createAppRouter } from './app/routes.tsx';
import { setUpAntdRender } from './lib/antd-setup.ts';
import './app/theme.css';

setUpAntdRender();
bootShell();
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
