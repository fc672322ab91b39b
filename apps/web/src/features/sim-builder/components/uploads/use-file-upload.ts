import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import type { OnProgress } from '../../api/uploads-api';

/** An upload's status (authoring.md section 4): uploading, then uploaded (progress 100) or error. */
export type UploadState = 'uploading' | 'uploaded' | 'error';
export interface UploadStatus {
  fileName: string;
  progress: number;
  state: UploadState;
}

/** The status of the last upload of one control, and the runner that keeps it. */
export function useFileUpload() {
  const [status, setStatus] = useState<UploadStatus | null>(null);

  const run = useCallback(async <T>(file: File, send: (onProgress: OnProgress) => Promise<T>): Promise<T> => {
    const fileName = file.name;
    setStatus({ fileName, progress: 0, state: 'uploading' });
    try {
      const result = await send((progress) =>
        setStatus((s) => (s && s.state === 'uploading' ? { ...s, progress: Math.min(progress, 99) } : s)),
      );
      setStatus({ fileName, progress: 100, state: 'uploaded' });
      return result;
    } catch (error) {
      setStatus((s) => ({ fileName, progress: s?.progress ?? 0, state: 'error' }));
      throw error;
    }
  }, []);

  return { status, run, busy: status?.state === 'uploading' };
}

/** The server's refusal (a 4xx answer with its message), else the spec's failure message. */
export function uploadFailure(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? errorMessage(error)
    : fallback;
}
