import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Button, Typography } from '@mui/material';
import { HELPDESK_TEXTS as T } from '@sim/shared';
import { type DragEvent, useId, useState } from 'react';

interface AttachmentDropZoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Files dropped on the zone, or chosen with BROWSE (several at once). */
export function AttachmentDropZone({ onFiles, disabled = false }: AttachmentDropZoneProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled && event.dataTransfer.files.length) onFiles([...event.dataTransfer.files]);
  };
  return (
    <Box
      data-testid="attachment-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 1,
        p: 2,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <CloudUploadOutlined color="action" />
      <Typography variant="body2" color="text.secondary">
        {T.dropHint}
      </Typography>
      <Button component="label" htmlFor={inputId} size="small" variant="outlined" disabled={disabled}>
        {T.browse}
      </Button>
      <input
        id={inputId}
        type="file"
        multiple
        hidden
        aria-label={T.fileInput}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Box>
  );
}
