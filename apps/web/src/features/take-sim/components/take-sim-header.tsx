import DescriptionIcon from '@mui/icons-material/Description';
import LinkIcon from '@mui/icons-material/Link';
import MenuIcon from '@mui/icons-material/Menu';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Drawer,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { ASSIGNMENT_LIMITS, TAKE_SIM_TEXTS as T } from '@sim/shared';
import { type ReactNode, useId, useState } from 'react';
import { cutLink, type TakeSimDocument } from '../lib/take-sim-params';

export interface SimResources {
  demoVideoUrl: string | null;
  learningUrl: string | null;
  documents: TakeSimDocument[];
  hotLinks: string[];
}

interface TakeSimHeaderProps {
  levelName: string;
  levelNumber: number;
  simTitle: string;
  resources: SimResources;
}

type Open = 'demo' | 'documents' | 'links' | null;

/**
 * The level's title and the sim's resources: CAPTIVATE DEMO, CAPTIVATE LEARNING, DOWNLOAD DOCUMENTS and Hot
 * Link URL(s), each shown only when there is something to show; on small screens they collapse into a drawer.
 */
export function TakeSimHeader({ levelName, levelNumber, simTitle, resources }: TakeSimHeaderProps) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const [open, setOpen] = useState<Open>(null);
  const [drawer, setDrawer] = useState(false);

  const actions: { key: string; label: string; icon: ReactNode; run: () => void }[] = [];
  if (resources.demoVideoUrl)
    actions.push({ key: 'demo', label: T.captivateDemo, icon: <OndemandVideoIcon />, run: () => setOpen('demo') });
  if (resources.learningUrl) {
    const url = resources.learningUrl;
    actions.push({
      key: 'learning',
      label: T.captivateLearning,
      icon: <MenuBookIcon />,
      run: () => window.open(url, '_blank', 'noopener,noreferrer'),
    });
  }
  if (resources.documents.length > 0)
    actions.push({
      key: 'documents',
      label: T.downloadDocuments,
      icon: <DescriptionIcon />,
      run: () => setOpen('documents'),
    });
  if (resources.hotLinks.length > 0)
    actions.push({ key: 'links', label: T.hotLinks, icon: <LinkIcon />, run: () => setOpen('links') });

  return (
    <Box
      component="header"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary" component="p" noWrap>
          {simTitle}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ lineHeight: 1.2 }}>
          {levelName}
          <Typography component="span" variant="subtitle1" color="text.secondary" sx={{ ml: 1 }}>
            {T.levelNumber(levelNumber)}
          </Typography>
        </Typography>
      </Box>
      {actions.length > 0 &&
        (small ? (
          <>
            <Button startIcon={<MenuIcon />} onClick={() => setDrawer(true)} variant="outlined" size="small">
              {T.resources}
            </Button>
            <Drawer anchor="right" open={drawer} onClose={() => setDrawer(false)}>
              <List aria-label={T.resourcesMenu} sx={{ width: 280 }}>
                {actions.map((a) => (
                  <ListItem key={a.key} disablePadding>
                    <ListItemButton
                      onClick={() => {
                        setDrawer(false);
                        a.run();
                      }}
                    >
                      <ListItemIcon>{a.icon}</ListItemIcon>
                      <ListItemText primary={a.label} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Drawer>
          </>
        ) : (
          <Stack direction="row" spacing={1} role="group" aria-label={T.resourcesMenu}>
            {actions.map((a) => (
              <Button key={a.key} variant="outlined" size="small" startIcon={a.icon} onClick={a.run}>
                {a.label}
              </Button>
            ))}
          </Stack>
        ))}
      {resources.demoVideoUrl && (
        <SimpleDialog open={open === 'demo'} title={T.captivateDemo} onClose={() => setOpen(null)} wide>
          {/* biome-ignore lint/a11y/useMediaCaption: the author's demo video has no caption track */}
          <video src={resources.demoVideoUrl} controls style={{ width: '100%' }} aria-label={T.demoVideo} />
        </SimpleDialog>
      )}
      <SimpleDialog open={open === 'documents'} title={T.downloadDocuments} onClose={() => setOpen(null)}>
        <List dense>
          {resources.documents.map((d) => (
            <ListItem key={d.url} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <DescriptionIcon fontSize="small" />
              </ListItemIcon>
              <Link href={d.url} target="_blank" rel="noopener noreferrer" download={d.name}>
                {d.name}
              </Link>
            </ListItem>
          ))}
        </List>
      </SimpleDialog>
      <SimpleDialog open={open === 'links'} title={T.hotLinks} onClose={() => setOpen(null)}>
        <List dense>
          {resources.hotLinks.map((link) => (
            <ListItem key={link} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <LinkIcon fontSize="small" />
              </ListItemIcon>
              <Link href={link} target="_blank" rel="noopener noreferrer" title={link}>
                {cutLink(link, ASSIGNMENT_LIMITS.hotLinkCut)}
              </Link>
            </ListItem>
          ))}
        </List>
      </SimpleDialog>
    </Box>
  );
}

function SimpleDialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth={props.wide ? 'md' : 'xs'}
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
