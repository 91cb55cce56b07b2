// antd 5 reaches React 19 through this patch, imported once before any antd component renders.
import '@ant-design/v5-patch-for-react-19';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, AppRoutes, createQueryClient } from './app/app.tsx';
import './app/theme.css';

dayjs.locale('zh-cn');

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <BrowserRouter basename="/admin">
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
