import { ASSIGNMENT_EXPORT_NAMES, type AssignmentTab, assignmentsApi } from '@sim/shared';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** The rows of a tab (with the search) as Excel, saved as My_Assignment.xlsx, All_Assignment.xlsx, ... */
export async function exportAssignments(tab: AssignmentTab, textSearch: string): Promise<string> {
  const fileName = `${ASSIGNMENT_EXPORT_NAMES[tab]}.xlsx`;
  const { blob } = await apiDownload(assignmentsApi.exportExcel, {
    input: { query: { tab, textSearch, my_assignment: tab === 'MY_ASSIGNMENT' ? true : undefined } },
    fallbackName: fileName,
  });
  saveBlob(blob, fileName);
  return fileName;
}
