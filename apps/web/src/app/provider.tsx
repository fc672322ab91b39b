import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Server state, around the router. The MUI theme is not here: /login uses no MUI; the other routes get it
 * from their layout (routes/mui-layout.tsx), the sign-in page's dialogs from components/theme/mui-theme.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
