import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigationHandler } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

function createApp() {
  const router = createAppRouter();
  // 401 and 403 answers of the API client navigate through the router.
  setNavigationHandler((to, options) => void router.navigate(to, options));
  return { router, queryClient: createQueryClient() };
}

export function App() {
  const [{ router, queryClient }] = useState(createApp);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
