import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Box,
  IconButton,
  Skeleton,
  Stack,
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import { DATA_TABLE_TEXTS as T } from '@sim/shared';
import type { RowData } from '@tanstack/react-table';
import { type KeyboardEvent, type ReactNode, type Ref, type SyntheticEvent, useState } from 'react';
import { TableFrame } from '../table-frame';
import { visuallyHidden } from '../visually-hidden';
import { ColumnChooser } from './column-chooser';
import { dataAttributes } from './data-attributes';
import { RowCards } from './row-cards';
import { RowDrawer } from './row-drawer';
import type { DataColumn, DataRowOptions } from './types';
import { type DataTableModel, type DataTableModelOptions, useDataTableModel } from './use-data-table';

/** Below this width each row is a card of its main fields (a phone), not a table row. */
export const PHONE_QUERY = '(max-width:639.95px)';

export interface DataTableProps<T extends RowData> extends DataTableModelOptions<T> {
  /** the table's accessible name (its aria-label; the cards' list on a phone) */
  label: string;
  /** a row's name: the title of its details and of its card */
  rowTitle: (row: T) => string;
  /** the first answer is awaited: placeholder rows */
  loading?: boolean;
  /** a newer answer is awaited (aria-busy) */
  busy?: boolean;
  skeletonRows?: number;
  /** shown below the header when there are no rows */
  empty?: ReactNode;
  /** what a row carries besides its cells: opening it, its test id, data attributes, its style */
  rowOptions?: (row: T) => DataRowOptions;
  /** the column whose cells also hold the row's details button (else the button has a column at the end) */
  detailsIn?: string;
  /** the details button may go below the content of detailsIn's cells (else it stays beside it) */
  detailsWrap?: boolean;
  /**
   * A frame as tall as the room left in the window, its header row kept in view (components/table-frame):
   * for a table that scrolls its rows inside it. Without it the table only scrolls sideways when it must.
   */
  frame?: { ref?: Ref<HTMLDivElement>; fitHeight?: boolean; minHeight?: number };
  /** below the rows, inside the frame (an infinite scroll's sentinel and messages) */
  footer?: ReactNode;
  /** on the line above the table, before the columns chooser */
  toolbar?: ReactNode;
  /** long header texts may take two lines (else each header keeps to one) */
  wrapHeaders?: boolean;
  sx?: SxProps<Theme>;
  /** the table element's style (e.g. denser cells) */
  tableSx?: SxProps<Theme>;
}

const stop = (event: SyntheticEvent) => event.stopPropagation();

/** The button that opens a row's details. */
function DetailsButton({ title, onOpen }: { title: string; onOpen: () => void }) {
  return (
    <Tooltip title={T.details}>
      <IconButton
        size="small"
        aria-label={T.detailsOf(title)}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
        onKeyDown={stop}
      >
        <InfoOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const cellSx = <T,>(column: DataColumn<T>): SxProps<Theme> => [
  {
    whiteSpace: column.wrap ? 'normal' : 'nowrap',
    overflowWrap: column.wrap ? 'break-word' : undefined,
  },
  ...(Array.isArray(column.sx) ? column.sx : [column.sx]),
];

interface HeaderCellProps<T> {
  column: DataColumn<T>;
  model: DataTableModel<T>;
  wrap: boolean;
}

function HeaderCell<T>({ column, model, wrap }: HeaderCellProps<T>) {
  const sorted = column.sortable ? model.sortOf(column.id) : false;
  return (
    <TableCell
      align={column.align}
      sortDirection={sorted}
      sx={[
        {
          fontWeight: 700,
          fontSize: 12,
          lineHeight: 1.4,
          whiteSpace: wrap ? 'normal' : 'nowrap',
          verticalAlign: 'bottom',
        },
        ...(Array.isArray(column.sx) ? column.sx : [column.sx]),
        ...(Array.isArray(column.headerSx) ? column.headerSx : [column.headerSx]),
      ]}
    >
      {column.sortable ? (
        <TableSortLabel
          active={sorted !== false}
          direction={sorted || 'asc'}
          onClick={() => model.toggleSort(column.id)}
          // an unsorted column's arrow (shown on hover) takes no room of its own: the column is as wide as its
          // header's text, not 26 px wider
          sx={{
            position: 'relative',
            '&:not(.Mui-active) .MuiTableSortLabel-icon': { position: 'absolute', left: '100%' },
          }}
        >
          {column.header}
        </TableSortLabel>
      ) : (
        column.header
      )}
    </TableCell>
  );
}

/**
 * The app's data table (issue 31): column definitions, the server's sort (or the browser's) with aria-sort on
 * the sorted header, placeholder rows while loading, an empty state, a details drawer per row holding the
 * columns the table does not show, a "Columns" chooser (kept per table in local storage), and on a phone one
 * card per row with its main fields. The model (columns, visibility, sort) is TanStack Table's; the markup is
 * a real table (MUI's), so rows, cells and column headers keep their roles.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, rowTitle, rowOptions, detailsIn, loading = false, skeletonRows = 5 } = props;
  const model = useDataTableModel(props);
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const [details, setDetails] = useState<{ row: T | null; open: boolean }>({ row: null, open: false });
  const openDetails = (row: T) => setDetails({ row, open: true });
  const drawer = (
    <RowDrawer
      open={details.open}
      row={details.row}
      title={details.row === null ? '' : rowTitle(details.row)}
      columns={phone ? props.columns.filter((c) => !c.card) : model.hidden}
      onClose={() => setDetails((d) => ({ ...d, open: false }))}
    />
  );
  const empty = !loading && model.rows.length === 0 && props.empty ? props.empty : null;

  if (phone)
    return (
      <Box sx={props.sx}>
        {props.toolbar}
        <RowCards
          label={label}
          columns={props.columns}
          rows={model.rows}
          getRowId={props.getRowId}
          rowTitle={rowTitle}
          rowOptions={rowOptions}
          loading={loading}
          busy={props.busy}
          skeletonRows={skeletonRows}
          onDetails={openDetails}
        />
        {empty}
        {props.footer}
        {drawer}
      </Box>
    );

  const { shown } = model;
  const withDetails = model.hidden.length > 0;
  const detailsColumn = detailsIn && shown.some((c) => c.id === detailsIn) ? detailsIn : null;
  const ownDetailsColumn = withDetails && detailsColumn === null;

  const table = (
    <Table
      size="small"
      stickyHeader={Boolean(props.frame)}
      aria-label={label}
      aria-busy={Boolean(loading || props.busy)}
      sx={props.tableSx}
    >
      <TableHead>
        <TableRow>
          {shown.map((column) => (
            <HeaderCell key={column.id} column={column} model={model} wrap={Boolean(props.wrapHeaders)} />
          ))}
          {ownDetailsColumn ? (
            <TableCell sx={{ width: 48 }}>
              <Box component="span" sx={visuallyHidden}>
                {T.details}
              </Box>
            </TableCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {loading
          ? Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={i} data-placeholder="">
                {shown.map((column) => (
                  <TableCell key={column.id}>
                    <Skeleton variant="text" sx={{ minWidth: 48 }} />
                  </TableCell>
                ))}
                {ownDetailsColumn ? <TableCell /> : null}
              </TableRow>
            ))
          : model.rows.map((row) => {
              const options = rowOptions?.(row) ?? {};
              const { onOpen } = options;
              const openOnKey = (event: KeyboardEvent) => {
                if (!onOpen || event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen();
                }
              };
              const detailsButton = withDetails ? (
                <DetailsButton title={rowTitle(row)} onOpen={() => openDetails(row)} />
              ) : null;
              return (
                <TableRow
                  key={props.getRowId(row)}
                  hover={Boolean(onOpen)}
                  tabIndex={onOpen ? 0 : undefined}
                  title={options.title}
                  data-testid={options.testId}
                  {...dataAttributes(options.data)}
                  onClick={onOpen}
                  onKeyDown={onOpen ? openOnKey : undefined}
                  sx={[
                    (theme) => ({
                      cursor: onOpen ? 'pointer' : 'default',
                      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
                    }),
                    ...(Array.isArray(options.sx) ? options.sx : [options.sx]),
                  ]}
                >
                  {shown.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      onClick={column.controls ? stop : undefined}
                      onKeyDown={column.controls ? stop : undefined}
                      sx={cellSx(column)}
                    >
                      {column.id === detailsColumn && detailsButton ? (
                        <Stack
                          direction="row"
                          spacing={0.5}
                          useFlexGap
                          sx={{ alignItems: 'center', flexWrap: props.detailsWrap ? 'wrap' : 'nowrap' }}
                        >
                          {column.cell(row)}
                          {detailsButton}
                        </Stack>
                      ) : (
                        column.cell(row)
                      )}
                    </TableCell>
                  ))}
                  {ownDetailsColumn ? (
                    <TableCell onClick={stop} sx={{ width: 48, px: 0.5 }}>
                      {detailsButton}
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
      </TableBody>
    </Table>
  );

  const below = (
    <>
      {empty ? <Box sx={{ position: 'sticky', left: 0 }}>{empty}</Box> : null}
      {props.footer ? <Box sx={{ position: 'sticky', left: 0 }}>{props.footer}</Box> : null}
    </>
  );

  return (
    <Box sx={props.sx}>
      {props.toolbar || model.choices.length > 0 ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1, mb: 0.5 }}
        >
          {props.toolbar ? <Box sx={{ mr: 'auto' }}>{props.toolbar}</Box> : null}
          <ColumnChooser model={model} />
        </Stack>
      ) : null}
      {props.frame ? (
        <TableFrame ref={props.frame.ref} fitHeight={props.frame.fitHeight} minHeight={props.frame.minHeight}>
          {table}
          {below}
        </TableFrame>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          {table}
          {below}
        </TableContainer>
      )}
      {drawer}
    </Box>
  );
}
