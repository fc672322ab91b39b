import { documentTitle } from '@sim/shared';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Every route: keeps document.title as the product name plus the screen title. */
export function RootLayout() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname, search);
  }, [pathname, search]);
  return <Outlet />;
}
