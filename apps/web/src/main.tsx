import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/router';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// A data router (one splat route around the shell's <Routes>): its blocker lets the workspace ask
// before any in-app navigation leaves unsaved work (ADR 0143).
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
