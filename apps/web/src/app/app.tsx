import { RouterProvider } from 'react-router';
import { setNavigationHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

// One router and one query client for the page's life (created once, outside React's render).
const router = createAppRouter();
const queryClient = createQueryClient();
// 401 and 403 answers of the API client navigate through the router.
setNavigationHandler((to, options) => void router.navigate(to, options));

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
