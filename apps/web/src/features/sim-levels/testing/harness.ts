import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';
import type { TFullSim } from '../api/full-details';
import { CHARACTERS, INTERNAL, SIM_ID, VOICE_ONLY } from './fixtures';

export const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/**
 * Renders the builder at Create Levels with a stubbed server: `state.sim` is what full-details answers
 * (tests change it to play the server's part), `handle` answers the calls a test is about, every call is
 * recorded in `calls`. `keys` are the user's permissions (task:type), all of sim_list unless given.
 */
export function renderCreateLevels(
  initial: TFullSim,
  handle: Handler = () => undefined,
  path?: string,
  keys: readonly string[] = ALL,
) {
  const user = makeUser();
  signIn(user);
  const state = { sim: initial };
  const calls: Call[] = [];
  mockFetch(async (url, init) => {
    let body: unknown = null;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === 'string') body = JSON.parse(init.body);
    const call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const answer = await handle(call);
    if (answer) return answer;
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, keys));
      case '/api/v1/product':
        return jsonResponse({ success: true, products: [VOICE_ONLY, INTERNAL] });
      case '/api/v1/sims/current-sim': {
        const { levels: _levels, ...sim } = state.sim;
        return jsonResponse({ success: true, sim: { ...sim, levels: [] } });
      }
      case '/api/v1/sims/full-details':
        return jsonResponse({ success: true, sim: state.sim });
      case '/api/v1/sims/characters':
        return jsonResponse({ success: true, defaults: false, sim_characters: CHARACTERS, selectVoices: {} });
      case '/api/v1/sims/levels/audio-job':
        return jsonResponse({ success: true, job: null });
      default:
        return jsonResponse({ success: false, message: 'not mocked', code: 'NOT_FOUND' }, 404);
    }
  });
  const rendered = renderApp(path ?? `/sims/createsim?simId=${SIM_ID}`);
  return { ...rendered, state, calls };
}

export const callsTo = (calls: Call[], path: string) => calls.filter((c) => c.path === path);
