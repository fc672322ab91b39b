import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { HELPDESK_TEXTS as T } from '@sim/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePermissions } from '../../../lib/session';
import { helpContextOf } from '../lib/help-context';
import { HelpRequestDialog } from './help-request-dialog';

/**
 * The shell's request-help-from-a-trainer button (administration-and-support.md section 2): shown with the
 * tickets create permission; opens the help-request dialog with the page the user is on.
 */
export function RequestHelpButton() {
  const { can } = usePermissions();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (!can('tickets', 'create')) return null;
  return (
    <>
      <Tooltip title={T.requestHelp}>
        <IconButton aria-label={T.requestHelp} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <SupportAgentOutlined />
        </IconButton>
      </Tooltip>
      <HelpRequestDialog
        open={open}
        context={helpContextOf(location.pathname, location.search)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
