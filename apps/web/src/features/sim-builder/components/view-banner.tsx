import VisibilityIcon from '@mui/icons-material/Visibility';
import { Alert, AlertTitle, Button } from '@mui/material';
import { BUILDER_VIEW_TEXTS as V } from '@sim/shared';
import { useNavigate } from 'react-router';
import type { BuilderAccess } from '../lib/builder-access';

/** VIEW SIM: what the read-only builder is, and EDIT for an author who may change the sim. */
export function ViewBanner({ simId, access }: { simId: string; access: BuilderAccess }) {
  const navigate = useNavigate();
  return (
    <Alert
      severity="info"
      icon={<VisibilityIcon />}
      sx={{ mb: 2 }}
      action={
        access.canUpdate ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => void navigate(`/sims/createsim?simId=${encodeURIComponent(simId)}`, { replace: true })}
          >
            {V.edit}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle component="h2">{V.viewSim}</AlertTitle>
      {access.canUpdate ? V.viewing : V.noPermission}
    </Alert>
  );
}
