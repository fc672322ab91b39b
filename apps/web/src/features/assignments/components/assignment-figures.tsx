import { Box, Button, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { LABELS, ASSIGNMENT_TEXTS as T } from '@sim/shared';
import { useAssignmentCounts } from '../api/get-assignment-counts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The profile card's assignment figures (section 2): Completed Assignments as completed / (my + completed),
 * with a bar, and the Ready for Review count. Mounted by the dashboard page.
 */
export function AssignmentFigures() {
  const counts = useAssignmentCounts();
  if (counts.isPending)
    return (
      <Stack spacing={1} role="status" aria-label={LABELS.loading}>
        <Skeleton />
        <Skeleton />
      </Stack>
    );
  if (counts.isError)
    return (
      <Button size="small" onClick={() => void counts.refetch()}>
        {LABELS.retry}
      </Button>
    );
  const done = counts.data.completedAssignCount;
  const all = counts.data.myAssignmentCount + done;
  return (
    <Stack spacing={1.5}>
      <Box>
        <Figure label={T.completedAssignments} value={`${done}/${all}`} testId="completed-assignments" />
        <LinearProgress
          variant="determinate"
          value={all === 0 ? 0 : (done / all) * 100}
          aria-label={T.completedAssignments}
          sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
        />
      </Box>
      <Figure label={T.readyForReview} value={String(counts.data.readyForReviewCount)} testId="ready-for-review" />
    </Stack>
  );
}
