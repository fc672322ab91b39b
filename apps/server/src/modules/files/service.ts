/**
 * What other modules use of `files`: the files no row names yet, or no longer (pending-blobs.ts), and the
 * temporary entries a killed server left in DATA_DIR/tmp (tmp-sweep.ts).
 */
export { deleteSettled, PENDING_BLOB_TTL_MS, pend, settle, sweepPendingBlobs } from './pending-blobs';
export { processStartedAt, sweepTmpFolder } from './tmp-sweep';
