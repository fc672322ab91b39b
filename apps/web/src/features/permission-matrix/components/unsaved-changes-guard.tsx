import { ADMIN_TEXTS } from '@sim/shared';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * While `dirty`: the browser asks before the page is left or reloaded (beforeunload), and any navigation
 * of the app — another admin tab (?tab=) or another screen — asks 'Changes that you made may not be saved.'
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={ADMIN_TEXTS.unsavedChangesTitle}
      message={ADMIN_TEXTS.unsavedChanges}
      confirmLabel={ADMIN_TEXTS.leave}
      cancelLabel={ADMIN_TEXTS.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
