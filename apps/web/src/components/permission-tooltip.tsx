import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';

interface PermissionTooltipProps {
  /** when false, the child (a disabled control) explains why on hover */
  allowed: boolean;
  /** the spec's "You don't have permission to …" text */
  title: string;
  children: ReactElement;
}

/**
 * Wraps a control that is disabled without a permission, so the spec's tooltip still shows (a disabled
 * button gets no hover events, hence the span). A convenience: the server decides.
 */
export function PermissionTooltip({ allowed, title, children }: PermissionTooltipProps) {
  if (allowed) return children;
  return (
    <Tooltip title={title}>
      <span style={{ display: 'inline-flex' }}>{children}</span>
    </Tooltip>
  );
}
