/** What other modules use of `files`: the files no row names yet, or no longer (pending-blobs.ts). */
export { deleteSettled, PENDING_BLOB_TTL_MS, pend, settle, sweepPendingBlobs } from './pending-blobs';
