import { CLASS_NOTE_MESSAGES, classNotesApi } from '@sim/shared';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The caller's notes as User_Notes.xlsx (not offered to learners). */
export async function downloadClassNotes(): Promise<string> {
  const fileName = `${CLASS_NOTE_MESSAGES.exportName}.xlsx`;
  const { blob } = await apiDownload(classNotesApi.download, { fallbackName: fileName });
  saveBlob(blob, fileName);
  return fileName;
}
