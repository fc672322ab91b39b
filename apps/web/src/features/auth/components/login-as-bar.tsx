import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { LOGIN_AS_TEXTS } from '@sim/shared';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useAuthToken } from '../../../lib/auth-storage';
import { useToast } from '../../../lib/toast';
import { useBackToOwnAccount } from '../api/back-to-own-account';
import { impersonatorOf } from '../lib/token-claims';

/**
 * While an administrator is in a learner's account ("Login as agent"): who they are signed in as, and the
 * way back to their own account, which the server gives from the agent token's administrator claim. Shows
 * nothing in one's own account.
 */
export function LoginAsBar({ userName }: { userName: string }) {
  const token = useAuthToken();
  const navigate = useNavigate();
  const back = useBackToOwnAccount();
  const toast = useToast();
  if (!impersonatorOf(token)) return null;

  const goBack = () =>
    back.mutate(undefined, {
      // the administrator opened the account from the employee list
      onSuccess: () => void navigate('/admin', { replace: true }),
      onError: (error) => toast.show('error', errorMessage(error)),
    });

  return (
    <Box
      component="section"
      aria-label={LOGIN_AS_TEXTS.bar(userName)}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 2, md: 3 },
        py: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
      }}
    >
      <SupervisorAccountOutlined aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
        {LOGIN_AS_TEXTS.bar(userName)}
      </Typography>
      <Button
        variant="contained"
        color="inherit"
        size="small"
        onClick={goBack}
        disabled={back.isPending}
        startIcon={back.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ color: 'secondary.dark', bgcolor: 'common.white' }}
      >
        {LOGIN_AS_TEXTS.back}
      </Button>
    </Box>
  );
}
