import { Box, Button, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { LABELS, ASSIGNMENT_TEXTS as T } from '@sim/shared';
import { useAssignmentCounts } from '../api/get-assignment-counts';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The profile's assignment figures (section 2): Completed Assignments as completed / (my + completed),
 * with a bar, and the Ready for Review count, side by side on the dashboard's profile strip (issue 31).
 * Mounted by the dashboard page.
 */
export function AssignmentFigures() {
  const counts = useAssignmentCounts();
  if (counts.isPending)
    return (
      <Stack direction="row" spacing={2} role="status" aria-label={LABELS.loading}>
        <Skeleton width={160} />
        <Skeleton width={120} />
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
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
      <Box sx={{ minWidth: 160 }}>
        <Figure label={T.completedAssignments} value={`${done}/${all}`} testId="completed-assignments" />
        <LinearProgress
          variant="determinate"
          value={all === 0 ? 0 : (done / all) * 100}
          aria-label={T.completedAssignments}
          sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
        />
      </Box>
      <Figure label={T.readyForReview} value={String(counts.data.readyForReviewCount)} testId="ready-for-review" />
    </Stack>
  );
}
