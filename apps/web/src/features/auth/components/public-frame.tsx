import { AppBar, Box, Button, Container, Toolbar, Typography } from '@mui/material';
import { COPYRIGHT, LABELS, PRODUCT_NAME } from '@sim/shared';
import type { ReactNode } from 'react';

/** The frame of the public pages: product name, the top links (no behaviour in the spec), the footer. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: { xs: 0, sm: 1 }, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="div" sx={{ flexGrow: 1, fontWeight: 700 }}>
            {PRODUCT_NAME}
          </Typography>
          {[LABELS.contactUs, LABELS.aboutUs, LABELS.help].map((label) => (
            <Button key={label} color="inherit" size="small" type="button" sx={{ whiteSpace: 'nowrap' }}>
              {label}
            </Button>
          ))}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ flexGrow: 1, py: { xs: 3, sm: 6 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {COPYRIGHT}
        </Typography>
      </Box>
    </Box>
  );
}
