import { screenTitle } from '@sim/shared';
import { useLocation } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';

/** A protected screen whose feature is not built yet: says so, inside the shell. */
export function ComingSoonPage() {
  const { pathname, search } = useLocation();
  const { title, subtitle } = screenTitle(pathname, search);
  return <ComingSoon screen={subtitle ? `${title} - ${subtitle}` : title} />;
}
