import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { lazyWithRetry } from '../lib/lazy/lazy-with-retry';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { PageFallback } from './PageFallback';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { SessionWatcher } from './SessionWatcher';

// Pages load lazily; a failed chunk load is retried 5 times 1 s apart (lazyWithRetry).
const HomePage = lazyWithRetry(() => import('../features/home/HomePage'), 'HomePage');
const LoginPage = lazyWithRetry(() => import('../features/auth/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyWithRetry(
  () => import('../features/auth/components/RegisterPage'),
  'RegisterPage',
);
const ForgotPasswordPage = lazyWithRetry(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ProjectsPage = lazyWithRetry(
  () => import('../features/projects/ProjectsPage'),
  'ProjectsPage',
);
const UpgradePage = lazyWithRetry(() => import('../features/team/UpgradePage'), 'UpgradePage');
const InvitationPage = lazyWithRetry(
  () => import('../features/team/InvitationPage'),
  'InvitationPage',
);
const WorkspacePage = lazyWithRetry(
  () => import('../features/workspace/WorkspacePage'),
  'WorkspacePage',
);
const AccountPage = lazyWithRetry(() => import('../features/account/AccountPage'), 'AccountPage');
// Development page of the workspace panels (example project, real engine results); not in production builds.
const DevPanelsPage = import.meta.env.DEV
  ? lazyWithRetry(() => import('../features/workspace/panels/dev/DevPanelsPage'), 'DevPanelsPage')
  : null;
const ProjectFilesPage = lazyWithRetry(
  () => import('../features/files/ProjectFilesPage'),
  'ProjectFilesPage',
);

/** Routes of the shell: public pages, the protected workspace, everything else → /login. */
export const AppRoutes = () => (
  <ChunkErrorBoundary>
    <SessionWatcher />
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/invitation" element={<InvitationPage />} />
        {DevPanelsPage && <Route path="/dev/panels" element={<DevPanelsPage />} />}
        <Route element={<RequireAuth />}>
          <Route
            path="/projects"
            element={
              <Suspense fallback={<PageFallback />}>
                <ProjectsPage />
              </Suspense>
            }
          />
          <Route
            path="/projects/:projectId"
            element={
              <Suspense fallback={<PageFallback />}>
                <WorkspacePage />
              </Suspense>
            }
          />
          <Route
            path="/account"
            element={
              <Suspense fallback={<PageFallback />}>
                <AccountPage />
              </Suspense>
            }
          />
          <Route
            path="/upgrade"
            element={
              <Suspense fallback={<PageFallback />}>
                <UpgradePage />
              </Suspense>
            }
          />
          <Route
            path="/projects/:projectId/files"
            element={
              <Suspense fallback={<PageFallback />}>
                <ProjectFilesPage />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  </ChunkErrorBoundary>
);
