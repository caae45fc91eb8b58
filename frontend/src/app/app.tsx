import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { router } from './router';

/** `queryClient`: made by main.tsx, which may already have sent the page's scan request on it. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
