import { Box, Button, Typography } from '@mui/material';
import { AUTHORING_TEXTS, SIM_LIST_EMPTY_TEXTS as E, type SimListEmpty } from '@sim/shared';

interface SimsEmptyProps {
  kind: SimListEmpty;
  /** the product the list is filtered by */
  productName: string;
  onClearSearch: () => void;
  onAllProducts: () => void;
}

/** What an empty list says (issue 15): a search miss, an empty product filter, the empty trash, or no sim yet. */
export function SimsEmpty({ kind, productName, onClearSearch, onAllProducts }: SimsEmptyProps) {
  return (
    <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
      {kind === 'noSims' ? (
        <>
          <Typography variant="h6" component="p">
            {AUTHORING_TEXTS.emptyTitle}
          </Typography>
          <Typography color="text.secondary">{AUTHORING_TEXTS.emptyText}</Typography>
          <Typography color="text.secondary">{AUTHORING_TEXTS.emptyPrompt}</Typography>
        </>
      ) : (
        <Typography variant="h6" component="p">
          {kind === 'searchMiss' ? E.searchMiss : kind === 'filterMiss' ? E.filterMiss(productName) : E.trashEmpty}
        </Typography>
      )}
      {kind === 'searchMiss' && (
        <Button sx={{ mt: 1 }} onClick={onClearSearch}>
          {E.clearSearch}
        </Button>
      )}
      {kind === 'filterMiss' && (
        <Button sx={{ mt: 1 }} onClick={onAllProducts}>
          {E.showAllProducts}
        </Button>
      )}
    </Box>
  );
}
