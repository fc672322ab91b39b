import type { PermissionType, TaskName } from '@sim/shared';
import type { ReactNode } from 'react';
import { usePermissions } from '../lib/session';

interface CanProps {
  task: TaskName;
  type: PermissionType;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Shows its children only when the user holds the permission (a convenience: the server decides). */
export function Can({ task, type, children, fallback = null }: CanProps) {
  const { can } = usePermissions();
  return <>{can(task, type) ? children : fallback}</>;
}
