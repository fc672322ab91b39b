import { LABELS, MESSAGES } from '@sim/shared';
import { useRouteError } from 'react-router';
import { PlainAlert } from '../../components/plain/alert';
import { PlainButton } from '../../components/plain/button';

/**
 * A render error anywhere in the tree: say so and offer a reload instead of a blank screen. Plain elements,
 * no MUI: it is part of the first load, and it also shows when the code of a page (or MUI's) fails to load.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div style={{ padding: 24 }}>
      <PlainAlert
        severity="error"
        action={
          <PlainButton color="inherit" size="small" onClick={() => window.location.reload()}>
            {LABELS.retry}
          </PlainButton>
        }
      >
        {MESSAGES.internal}
      </PlainAlert>
    </div>
  );
}
