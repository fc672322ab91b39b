import CloseIcon from '@mui/icons-material/Close';
import {
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ASSIGNMENT_STATUS_COLORS, RESULT_LABELS as L, LABELS, RESULT_TEXTS } from '@sim/shared';
import { useId } from 'react';
import { ErrorState } from '../../../components/error-state';
import { useTrackRecord } from '../api/track-record';
import { resultDate } from '../lib/format';

export interface TrackRecordDialogProps {
  assignmentId: string;
  /** the assignment's title */
  title: string;
  onClose: () => void;
}

/** TRACK RECORD (section 2): every PASS / NO PASS decision of an assignment, newest first, dated MM-DD-YYYY. */
export function TrackRecordDialog({ assignmentId, title, onClose }: TrackRecordDialogProps) {
  const titleId = useId();
  const record = useTrackRecord(assignmentId);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {`${RESULT_TEXTS.trackRecord}: ${title}`}
        <IconButton aria-label={LABELS.close} onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {record.isPending ? (
          <Skeleton variant="rounded" height={96} />
        ) : record.isError ? (
          <ErrorState error={record.error} onRetry={() => void record.refetch()} />
        ) : record.data.length === 0 ? (
          <Typography color="text.secondary">{RESULT_TEXTS.noTrackRecord}</Typography>
        ) : (
          <Table size="small" aria-label={RESULT_TEXTS.trackRecord}>
            <TableHead>
              <TableRow>
                <TableCell>{L.reviewDate}</TableCell>
                <TableCell>{L.decision}</TableCell>
                <TableCell>{L.reviewedBy}</TableCell>
                <TableCell>{L.message}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {record.data.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: decisions have no id; the list is replaced whole
                <TableRow key={`${entry.review_date}-${i}`}>
                  <TableCell>{resultDate(entry.review_date)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={ASSIGNMENT_STATUS_COLORS[entry.pass_or_fail]}
                      label={entry.pass_or_fail}
                    />
                  </TableCell>
                  <TableCell>{entry.reviewed_by || '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {entry.review_comments || '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
    </Dialog>
  );
}
