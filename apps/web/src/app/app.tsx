import { RouterProvider } from 'react-router';
import { setNavigationHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter, routes } from './router';
import { prefetchFirstLoad } from './routes/first-load-prefetch';

// One router and one query client for the page's life (created once, outside React's render).
const router = createAppRouter();
const queryClient = createQueryClient();
// 401 and 403 answers of the API client navigate through the router.
setNavigationHandler((to, options) => void router.navigate(to, options));
// a protected page's first load: its queries start beside the route modules, not after them
void prefetchFirstLoad(queryClient, routes, router.state.location);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
