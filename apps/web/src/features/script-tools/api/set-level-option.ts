import type { LevelOption, TLevelResponse } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LevelOptionInput {
  simId: string;
  levelId: string;
  option: LevelOption;
  value: boolean;
}

/** The route and body of each toggle of the level Settings dialog (authoring.md section 7). */
export function levelOptionRequest({ simId, levelId, option, value }: LevelOptionInput): {
  path: string;
  body: Record<string, string | boolean>;
} {
  const ids = { sim_id: simId, level_id: levelId };
  switch (option) {
    case 'keyword_score':
      return { path: '/api/v1/sims/levels/keyword-score', body: { ...ids, keyword_score: value } };
    case 'hint_text':
      return { path: '/api/v1/sims/scripts/hint-text', body: { ...ids, hint_text: value } };
    case 'real_time_feedback':
      return { path: '/api/v1/sims/scripts/real-time-feedback', body: { ...ids, real_time_feedback: value } };
    case 'send_to_snowfly':
      return { path: '/api/v1/sims/send-to-snowfly', body: { ...ids, send_to_snowfly: value } };
    case 'screenRecording':
      return {
        path: '/api/v1/sims/toggle-screen-recording-switch',
        body: { levelId, screenRecording: value, sim_id: simId },
      };
    case 'only_keywords':
      return { path: '/api/v1/sims/levels/only-keywords', body: { ...ids, only_keywords: value } };
  }
}

export function setLevelOption(input: LevelOptionInput) {
  const { path, body } = levelOptionRequest(input);
  return apiRequest<TLevelResponse>(path, { method: 'POST', body });
}

export function useSetLevelOption() {
  return useMutation({ mutationFn: setLevelOption });
}
