import { Alert, Button, Divider, Stack, Typography } from '@mui/material';
import {
  isPackageFile,
  isVideoFile,
  UPLOAD_LIMITS as L,
  UPLOAD_MESSAGES as M,
  BUILDER_UPLOAD_TEXTS as T,
  TOAST_DURATIONS_MS,
  UPLOAD_ACCEPT,
} from '@sim/shared';
import { useToast } from '../../../../lib/toast';
import {
  type SimUploads,
  simUploadsOf,
  uploadDemoVideo,
  uploadLearningPackage,
  uploadTutorialVideo,
  useSimUploadsUpdate,
} from '../../api/uploads-api';
import { AttachmentsUpload } from './attachments-upload';
import type { Notify } from './media-upload';
import { MediaUpload } from './media-upload';

interface UploadsSectionProps {
  simId: string | null;
  sim: Partial<SimUploads> | null;
  /** a new sim: whether it can be saved now (title and description), and the save */
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  /** the read-only builder: files can be opened, not changed; why (the tooltip) */
  locked?: string | null;
}

/** Basic Information's files: attachments, tutorial video, learning package and demo video (sections 2, 5, 8). */
export function UploadsSection({ simId, sim, canSave, saving, onSave, locked = null }: UploadsSectionProps) {
  const uploads = simUploadsOf(sim);
  const onChange = useSimUploadsUpdate(simId);
  const toast = useToast();
  /** the uploads' messages last 3 s (authoring.md section 9) */
  const show: Notify = (severity, message) => toast.show(severity, message, { durationMs: TOAST_DURATIONS_MS.upload });

  const videoCheck = (maxBytes: number, tooLarge: string) => (file: File) =>
    !isVideoFile(file.name, file.type) ? M.videoType : file.size > maxBytes ? tooLarge : null;

  return (
    <Stack spacing={2} component="section" aria-label={T.sectionTitle}>
      <Typography variant="subtitle1" component="h2">
        {T.sectionTitle}
      </Typography>
      {simId === null && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={onSave} disabled={!canSave || saving}>
              {T.saveSim}
            </Button>
          }
        >
          {T.saveFirstHint}
        </Alert>
      )}
      <AttachmentsUpload
        simId={simId}
        documents={uploads.documents}
        notify={show}
        onChange={onChange}
        locked={locked}
      />
      <Divider />
      <MediaUpload
        simId={simId}
        title={T.tutorialVideo}
        chooseLabel={T.uploadTutorial}
        inputLabel={T.tutorialInput}
        accept={UPLOAD_ACCEPT.video}
        current={
          uploads.tutorial_video && {
            name: uploads.tutorial_video.fileName,
            url: uploads.tutorial_video.url,
            video: true,
          }
        }
        check={videoCheck(L.tutorialVideoMaxBytes, M.tutorialTooLarge)}
        send={async (id, file, onProgress) => ({
          tutorial_video: (await uploadTutorialVideo(id, file, onProgress)).tutorial_video,
        })}
        messages={{ uploaded: M.tutorialUploaded, failed: M.tutorialFailed }}
        removeField="tutorial_video"
        removeTitle={T.removeTutorialTitle}
        cleared={{ tutorial_video: null }}
        notify={show}
        onChange={onChange}
        locked={locked}
      />
      <Divider />
      <MediaUpload
        simId={simId}
        title={T.learningPackage}
        chooseLabel={T.uploadPackage}
        inputLabel={T.packageInput}
        accept={UPLOAD_ACCEPT.package}
        hint={T.packageHint}
        openLabel={T.openPackage}
        current={
          uploads.captivate_folder_name && uploads.captivate_url
            ? { name: uploads.captivate_folder_name, url: uploads.captivate_url, video: false }
            : null
        }
        check={(file) =>
          !isPackageFile(file.name) ? M.packageType : file.size > L.packageMaxBytes ? M.packageTooLarge : null
        }
        send={async (id, file, onProgress) => {
          const answer = await uploadLearningPackage(id, file, onProgress);
          return { captivate_folder_name: answer.captivate_folder_name, captivate_url: answer.captivate_url };
        }}
        messages={{ uploaded: M.packageUploaded, failed: M.packageFailed }}
        removeField="captivate_folder"
        removeTitle={T.removePackageTitle}
        cleared={{ captivate_folder_name: null, captivate_url: null }}
        notify={show}
        onChange={onChange}
        locked={locked}
      />
      <Divider />
      <MediaUpload
        simId={simId}
        title={T.demoVideo}
        chooseLabel={T.uploadDemo}
        inputLabel={T.demoInput}
        accept={UPLOAD_ACCEPT.video}
        current={
          uploads.captivate_demo_video && {
            name: uploads.captivate_demo_video.fileName,
            url: uploads.captivate_demo_video.url,
            video: true,
          }
        }
        check={videoCheck(L.demoVideoMaxBytes, M.demoVideoTooLarge)}
        send={async (id, file, onProgress) => ({
          captivate_demo_video: (await uploadDemoVideo(id, file, onProgress)).captivate_demo_video,
        })}
        messages={{ uploaded: M.demoVideoUploaded, failed: M.demoVideoFailed }}
        removeField="captivate_demo_video"
        removeTitle={T.removeDemoTitle}
        cleared={{ captivate_demo_video: null }}
        notify={show}
        onChange={onChange}
        locked={locked}
      />
    </Stack>
  );
}
