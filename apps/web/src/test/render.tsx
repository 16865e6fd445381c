import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders, createQueryClient } from '../app/AppProviders';

/** Renders a page inside the app's providers at `path`, with a marker route for redirects. */
export const renderPage = (element: ReactElement, path = '/') =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="/projects" element={<h1>projects-page</h1>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
