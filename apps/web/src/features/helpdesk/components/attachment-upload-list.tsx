import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { IconButton, LinearProgress, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { formatFileSize, HELPDESK_MESSAGES as M, HELPDESK_TEXTS as T } from '@sim/shared';
import type { AttachmentUpload } from '../lib/use-attachment-uploads';

function statusLine(item: AttachmentUpload) {
  if (item.status === 'uploading') return T.uploading(item.progress);
  if (item.status === 'uploaded') return T.uploaded;
  return `${T.uploadError}: ${item.error ?? M.attachmentFailed}`;
}

/** The help request's attachments: name, size (B to YB), progress and state, each removable. */
export function AttachmentUploadList({
  items,
  onRemove,
}: {
  items: AttachmentUpload[];
  onRemove: (id: number) => void;
}) {
  if (!items.length) return null;
  return (
    <List dense aria-label={T.attachments} disablePadding>
      {items.map((item) => (
        <ListItem
          key={item.id}
          disableGutters
          data-status={item.status}
          secondaryAction={
            <IconButton
              edge="end"
              size="small"
              aria-label={T.removeAttachment(item.name)}
              onClick={() => onRemove(item.id)}
            >
              <Close fontSize="small" />
            </IconButton>
          }
        >
          <ListItemIcon sx={{ minWidth: 32 }}>
            {item.status === 'uploaded' ? (
              <CheckCircleOutline color="success" fontSize="small" />
            ) : item.status === 'error' ? (
              <ErrorOutline color="error" fontSize="small" />
            ) : null}
          </ListItemIcon>
          <ListItemText
            primary={`${item.name} (${formatFileSize(item.size)})`}
            secondary={
              <>
                <Typography
                  component="span"
                  variant="caption"
                  color={item.status === 'error' ? 'error' : 'text.secondary'}
                  sx={{ display: 'block' }}
                >
                  {statusLine(item)}
                </Typography>
                {item.status === 'uploading' ? (
                  <LinearProgress
                    variant="determinate"
                    value={item.progress}
                    aria-label={`${item.name} ${T.uploading(item.progress)}`}
                    sx={{ display: 'block', mt: 0.5 }}
                  />
                ) : null}
              </>
            }
            slotProps={{ primary: { noWrap: true }, secondary: { component: 'span' } }}
            sx={{ pr: 5 }}
          />
        </ListItem>
      ))}
    </List>
  );
}
