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

/**
 * The helpdesk's left card (section 2): the greeting by time of day, the counts, and the filter toggles as
 * chips with the count each shows (kept in local storage by the page).
 */
export function HelpdeskSummaryCard(props: HelpdeskSummaryCardProps) {
  const { stats } = props;
  return (
    <Card component="section" aria-label={T.summaryTitle} variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <PersonAvatar name={props.name} src={props.pictureUrl} size={48} />
            <Typography variant="h6" component="h2">
              {T.greeting(greetingFor(new Date().getHours()), props.name)}
            </Typography>
          </Stack>
          <Divider />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
            <Typography variant="body2">{T.helpRequests}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="stat-total">
              {stats?.total ?? '–'}
            </Typography>
            {props.readyForReview !== null ? (
              <>
                <Typography variant="body2">{T.readyForReview}</Typography>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {props.readyForReview}
                </Typography>
              </>
            ) : null}
          </Box>
          <Divider />
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
