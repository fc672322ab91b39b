import { type LevelOption, levelsApi, type RouteInput } from '@sim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

export interface LevelOptionInput {
  simId: string;
  levelId: string;
  option: LevelOption;
  value: boolean;
}

/** The routes of the level Settings toggles: each takes its ids and one boolean, and answers the level. */
type OptionRoute = (typeof levelsApi)[
  | 'keywordScore'
  | 'hintText'
  | 'realTimeFeedback'
  | 'sendToSnowfly'
  | 'screenRecording'
  | 'onlyKeywords'];

/** The route and body of each toggle of the level Settings dialog (authoring.md section 7). */
function optionCall({ simId, levelId, option, value }: LevelOptionInput) {
  const ids = { sim_id: simId, level_id: levelId };
  switch (option) {
    case 'keyword_score':
      return { route: levelsApi.keywordScore, body: { ...ids, keyword_score: value } };
    case 'hint_text':
      return { route: levelsApi.hintText, body: { ...ids, hint_text: value } };
    case 'real_time_feedback':
      return { route: levelsApi.realTimeFeedback, body: { ...ids, real_time_feedback: value } };
    case 'send_to_snowfly':
      return { route: levelsApi.sendToSnowfly, body: { ...ids, send_to_snowfly: value } };
    case 'screenRecording':
      return { route: levelsApi.screenRecording, body: { levelId, screenRecording: value, sim_id: simId } };
    case 'only_keywords':
      return { route: levelsApi.onlyKeywords, body: { ...ids, only_keywords: value } };
  }
}

/** The URL and body a toggle sends. */
export function levelOptionRequest(input: LevelOptionInput) {
  const { route, body } = optionCall(input);
  return { path: route.url, body };
}

export function setLevelOption(input: LevelOptionInput) {
  const { route, body } = optionCall(input);
  // optionCall pairs each route with its own body; TypeScript does not follow the pair through the union
  return apiRequest<OptionRoute>(route, { body } as RouteInput<OptionRoute>);
}

export function useSetLevelOption() {
  return useMutation({ mutationFn: setLevelOption });
}
