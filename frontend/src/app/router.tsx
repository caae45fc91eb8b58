import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { BetaWelcomeDialog } from '../components/beta-welcome-dialog';
import { Spinner } from '../components/spinner';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <BetaWelcomeDialog />
    </>
  );
}

/** Shown while a screen's chunk loads on a first visit straight to it. */
function RouteLoading() {
  return (
    <main className="page page--center">
      <Spinner size="lg" />
    </main>
  );
}

/**
 * SPEC §2 routes; any other path is the 404 page. Home is in the first load; every other screen
 * (admin above all) is its own chunk, loaded when visited, so it never grows a visitor's first load.
 * Each lazy module exports `Component`.
 */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', element: <HomeRoute /> },
      { path: '/submit-collection', lazy: () => import('./routes/submit-route') },
      { path: '/vote', lazy: () => import('./routes/vote-route') },
      { path: '/donate', lazy: () => import('./routes/donate-route') },
      { path: '/admin', lazy: () => import('./routes/admin-route') },
      { path: '/admin/collections', lazy: () => import('./routes/admin-collections-route') },
      { path: '/admin/promo', lazy: () => import('./routes/admin-promo-route') },
      { path: '/admin/promo-bar', lazy: () => import('./routes/admin-promo-bar-route') },
      { path: '/admin/cache', lazy: () => import('./routes/admin-cache-route') },
      { path: '/admin/security', lazy: () => import('./routes/admin-security-route') },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
