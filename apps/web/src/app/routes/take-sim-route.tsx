import { useLocation, useSearchParams } from 'react-router';
import { loadAvatarArt } from '../../components/avatars/use-avatar-src';
import { AttemptResultView } from '../../features/results/components/attempt-result-view';
import { ResultPage } from '../../features/results/components/result-page';
import { wantsResultView } from '../../features/results/lib/result-params';
import { WithScreenRecording } from '../../features/screen-recording/components/with-screen-recording';
import { TakeSimPage, type TakeSimParts } from '../../features/take-sim/components/take-sim-page';

// The characters' pictures are drawn by a module of their own (some 50 KB gzip), loaded by the first avatar on
// screen: after the level's details have arrived. Started with the route instead, it loads beside the API calls.
void loadAvatarArt();

/** The take-sim screen with the screen recording and the result view after All Done. */
const PARTS: TakeSimParts = { AttemptResult: AttemptResultView, ScreenRecording: WithScreenRecording };

/**
 * /sims/takesim composed (learner-and-review.md section 2): with viewResult (query or navigation state) the
 * result view of features/results; otherwise the sim-taking view of features/take-sim, whose post-attempt
 * view is the same result view.
 */
export function TakeSimRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  if (wantsResultView(params, location.state)) return <ResultPage />;
  return <TakeSimPage parts={PARTS} />;
}
