import { scriptsApi, type TSaveScriptRequest } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The fields of a script a dialog changes; the server keeps every field left out. */
export type ScriptUpdate = Pick<TSaveScriptRequest, 'tests' | 'hint_text' | 'autopopulate_timer' | 'autopopulate_data'>;

export interface SaveScriptFieldsBody extends ScriptUpdate {
  _id: string;
  sim_id: string;
}

/** Saves a script with its _id: an update of the fields sent. */
export function saveScriptFields(body: SaveScriptFieldsBody) {
  return apiRequest(scriptsApi.save, { body });
}

export function useSaveScriptFields() {
  return useMutation({ mutationFn: saveScriptFields });
}
