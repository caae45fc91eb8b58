import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '../../query-client';
import { HomeRoute } from '../home-route';

/**
 * The home route opened at `url` as the app mounts it (the app's query client, a router); `beside`
 * renders inside the router next to it. Returns the query client.
 */
export function renderHomeRoute(
  url: string,
  queryClient: QueryClient = createQueryClient(),
  beside?: ReactNode,
): QueryClient {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<HomeRoute />} />
        </Routes>
        {beside}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}
