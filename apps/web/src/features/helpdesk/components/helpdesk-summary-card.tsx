import { Box, Card, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import {
  greetingFor,
  HELPDESK_TEXTS as T,
  TICKET_FILTERS,
  type TicketFilter,
  type TicketFilters,
  type TTicketStats,
} from '@sim/shared';
import { PersonAvatar } from '../../../components/person-avatar';

interface HelpdeskSummaryCardProps {
  name: string;
  pictureUrl: string | null;
  stats: TTicketStats | undefined;
  /** Ready For Review's count, when the caller may see it */
  readyForReview: number | null;
  filters: TicketFilters;
  onToggle: (filter: TicketFilter) => void;
}

/** A count beside its label, on the strip's line. */
function Count({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The helpdesk's summary (section 2): the greeting by time of day, the counts, and the filter toggles as
 * chips with the count each shows (kept in local storage by the page). Issue 31: a strip above the tabs
 * (it was a card beside them), so the tickets get the page's width; it wraps onto more lines when narrow.
 */
export function HelpdeskSummaryCard(props: HelpdeskSummaryCardProps) {
  const { stats } = props;
  return (
    <Card component="section" aria-label={T.summaryTitle} variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 1.5, md: 2.5 }}
          divider={<Divider flexItem orientation="vertical" sx={{ display: { xs: 'none', md: 'block' } }} />}
          sx={{ alignItems: { md: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <PersonAvatar name={props.name} src={props.pictureUrl} size={40} />
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {T.greeting(greetingFor(new Date().getHours()), props.name)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={2} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
            <Count label={T.helpRequests} value={stats?.total ?? '–'} testId="stat-total" />
            {props.readyForReview !== null ? <Count label={T.readyForReview} value={props.readyForReview} /> : null}
          </Stack>
          <Box role="group" aria-label={T.filtersLabel} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {TICKET_FILTERS.map((filter) => {
              const on = props.filters[filter];
              return (
                <Chip
                  key={filter}
                  label={`${T.filterLabels[filter]} (${stats?.[filter] ?? 0})`}
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => props.onToggle(filter)}
                />
              );
            })}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
