import { ResultView } from './result-view';

export interface AttemptResultViewProps {
  assignmentId: string;
  simId: string;
  levelId: string;
  /** the learner (the signed-in user) */
  userId: string | null;
  /** the attempt just finished */
  responseId: string;
  /** the sim's kind or the dashboard's list type */
  type: string | null;
  onBack: () => void;
}

/** The post-attempt view after All Done (section 2): the same result view, of the attempt just finished. */
export function AttemptResultView({
  assignmentId,
  simId,
  levelId,
  userId,
  responseId,
  type,
  onBack,
}: AttemptResultViewProps) {
  return (
    <ResultView
      target={{ assignmentId, simId, levelId, userId, responseId }}
      reviewer={false}
      breadcrumb={false}
      type={type}
      onBack={onBack}
    />
  );
}
