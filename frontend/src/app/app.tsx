import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { router } from './router';

/** `queryClient`: one the page's first requests already went out on (main.tsx); a new one otherwise. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders {...(queryClient ? { client: queryClient } : {})}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
