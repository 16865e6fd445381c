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
const AccountPage = lazyWithRetry(() => import('../features/account/AccountPage'), 'AccountPage');

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
            path="/account"
            element={
              <Suspense fallback={<PageFallback />}>
                <AccountPage />
              </Suspense>
            }
          />
        </Route>
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    </Suspense>
  </ChunkErrorBoundary>
);
