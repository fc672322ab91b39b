import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Button, Card, CardContent, Link, Skeleton, Stack, Typography } from '@mui/material';
import { DATA_TABLE_TEXTS as T } from '@sim/shared';
import type { ReactNode } from 'react';
import { dataAttributes } from './data-attributes';
import type { DataColumn, DataRowOptions } from './types';

interface RowCardsProps<T> {
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  rowTitle: (row: T) => string;
  rowOptions?: (row: T) => DataRowOptions;
  loading: boolean;
  busy?: boolean;
  skeletonRows: number;
  onDetails: (row: T) => void;
}

/**
 * A phone's view of the rows: a card each, headed by the row's title (a button when the row opens), its main
 * fields with their headers, its actions, and DETAILS for the other columns. A list named like the table.
 */
export function RowCards<T>(props: RowCardsProps<T>) {
  const { columns } = props;
  const titleColumn = columns.find((c) => c.card === 'title');
  const fields = columns.filter((c) => c.card === 'field');
  const actions = columns.filter((c) => c.card === 'actions');
  const hasDetails = columns.some((c) => !c.card);
  return (
    <Box
      component="ul"
      aria-label={props.label}
      aria-busy={Boolean(props.loading || props.busy)}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
    >
      {props.loading
        ? Array.from({ length: props.skeletonRows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <Card key={i} component="li" variant="outlined" data-placeholder="">
              <CardContent>
                <Skeleton variant="text" width="60%" />
                <Skeleton variant="text" />
                <Skeleton variant="text" />
              </CardContent>
            </Card>
          ))
        : props.rows.map((row) => {
            const options = props.rowOptions?.(row) ?? {};
            const title: ReactNode = titleColumn ? (titleColumn.detail ?? titleColumn.cell)(row) : props.rowTitle(row);
            return (
              <Card
                key={props.getRowId(row)}
                component="li"
                variant="outlined"
                data-testid={options.testId}
                {...dataAttributes(options.data)}
                sx={options.sx}
              >
                <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {options.onOpen ? (
                      <Link component="button" type="button" onClick={options.onOpen} sx={{ textAlign: 'left' }}>
                        {title}
                      </Link>
                    ) : (
                      title
                    )}
                  </Typography>
                  {fields.length > 0 ? (
                    <Box
                      component="dl"
                      sx={{
                        m: 0,
                        mt: 1,
                        display: 'grid',
                        gridTemplateColumns: 'auto minmax(0, 1fr)',
                        columnGap: 1.5,
                        rowGap: 0.75,
                        alignItems: 'baseline',
                      }}
                    >
                      {fields.map((column) => (
                        <Box key={column.id} sx={{ display: 'contents' }}>
                          <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
                            {column.header}
                          </Typography>
                          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                            {(column.detail ?? column.cell)(row)}
                          </Typography>
                        </Box>
                      ))}
                    </Box>
                  ) : null}
                  {actions.length > 0 || hasDetails ? (
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
                    >
                      {actions.map((column) => (
                        <Box key={column.id}>{column.cell(row)}</Box>
                      ))}
                      {hasDetails ? (
                        <Button
                          size="small"
                          startIcon={<InfoOutlined />}
                          aria-label={T.detailsOf(props.rowTitle(row))}
                          aria-haspopup="dialog"
                          onClick={() => props.onDetails(row)}
                          sx={{ ml: 'auto !important' }}
                        >
                          {T.details}
                        </Button>
                      ) : null}
                    </Stack>
                  ) : null}
                </CardContent>
              </Card>
            );
          })}
    </Box>
  );
}
