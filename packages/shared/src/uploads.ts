/**
 * Uploads of a sim (authoring.md sections 3, 5, 7, 8; DECISIONS.md section 2): attachments, the tutorial
 * video, the learning package (a Captivate-style HTML package in an archive), the demo video and the
 * author's recorded clip of a script. Limits, accepted types and messages, the spec's word for word.
 */
import { AUTHORING_LIMITS } from './authoring';
import { SPEECH_LIMITS, SPEECH_MESSAGES } from './speech';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** section 5: at most 5 documents; the displayed name is cut at 25 characters */
  maxAttachments: AUTHORING_LIMITS.maxAttachments,
  attachmentNameCut: AUTHORING_LIMITS.attachmentNameCut,
  /** the spec gives none: 25 MB per attachment */
  attachmentMaxBytes: 25 * MB,
  /** section 5: 1073741824 bytes (1 GiB) */
  tutorialVideoMaxBytes: AUTHORING_LIMITS.tutorialVideoMaxBytes,
  /** section 5: 100 MB */
  demoVideoMaxBytes: AUTHORING_LIMITS.demoVideoMaxBytes,
  /** the learning package: the archive as uploaded, and what it may unpack to */
  packageMaxBytes: 512 * MB,
  packageMaxUnpackedBytes: 1024 * MB,
  packageMaxEntries: 10_000,
  /** folders inside the package, at most */
  packageMaxDepth: 32,
  /** unpacking stops (and fails) after this long */
  packageUnpackTimeoutMs: 5 * 60_000,
  /** the author's recorded clip of a script (as the speech uploads), cut at 10 minutes */
  recordedAudioMaxBytes: SPEECH_LIMITS.maxAudioBytes,
  recordedAudioMaxSeconds: 600,
  /** a presigned upload URL accepts its PUT this long after it was made */
  presignedPutTtlSeconds: 3600,
  /** signed read URLs of files and of the learning package (a working session) */
  fileUrlTtlSeconds: AUTHORING_LIMITS.audioUrlTtlSeconds,
  fileNameMax: 255,
} as const;

/** What get-presigned-url uploads: an attachment or the tutorial video. */
export const PRESIGNED_UPLOAD_TYPES = ['attachment', 'tutorial'] as const;
export type PresignedUploadType = (typeof PRESIGNED_UPLOAD_TYPES)[number];

/** The media fields of a sim that remove-media clears. */
export const SIM_MEDIA_FIELDS = ['tutorial_video', 'captivate_folder', 'captivate_demo_video'] as const;
export type SimMediaField = (typeof SIM_MEDIA_FIELDS)[number];

/** The videos upload-video takes directly (without the signed-URL step). */
export const SIM_VIDEO_FIELDS = ['tutorial_video', 'captivate_demo_video'] as const;
export type SimVideoField = (typeof SIM_VIDEO_FIELDS)[number];

/** Attachment types: documents and pictures, by extension with their MIME type (no HTML, SVG or scripts). */
export const ATTACHMENT_TYPES = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.odp': 'application/vnd.oasis.opendocument.presentation',
  '.rtf': 'application/rtf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
} as const;
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_TYPES) as (keyof typeof ATTACHMENT_TYPES)[];

/** Video types (section 5: "Videos accept video file types"). */
export const VIDEO_TYPES = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.ogg': 'video/ogg',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.mpeg': 'video/mpeg',
  '.mpg': 'video/mpeg',
  '.3gp': 'video/3gpp',
} as const;
export const VIDEO_EXTENSIONS = Object.keys(VIDEO_TYPES) as (keyof typeof VIDEO_TYPES)[];

/** Section 5: the learning package accepts .zip, .rar and .7zip (and .7z, its usual name). */
export const PACKAGE_EXTENSIONS = ['.zip', '.rar', '.7z', '.7zip'] as const;

/** The author's recorded clip: anything a browser records (WebM/Opus, OGG, WAV, MP3...). */
export const RECORDED_AUDIO_MIME_PREFIXES = ['audio/', 'video/webm', 'application/octet-stream'] as const;

/** `accept` values of the file inputs. */
export const UPLOAD_ACCEPT = {
  attachment: ATTACHMENT_EXTENSIONS.join(','),
  video: 'video/*',
  package: PACKAGE_EXTENSIONS.join(','),
} as const;

export const UPLOAD_MESSAGES = {
  /** not a spec text: the second PUT of a presigned URL (409) */
  linkUsed: 'This upload link has already been used. Ask for a new one to upload another file.',
  // spec texts (sections 5 and 8), word for word
  attachmentFailed: 'There was an error uploading the Attachment!',
  attachmentUploaded: 'Attachment Uploaded successfully !',
  tutorialFailed: 'There was an error Uploading the Video Tutorial!',
  tutorialUploaded: 'Tutorial Uploaded successfully !',
  packageFailed: 'There is an error in Uploading Captivate Learning!',
  packageUploaded: 'Captivate Learning Uploaded successfully !',
  demoVideoFailed: 'There is an error in Uploading Captivate Tutorial!',
  demoVideoUploaded: 'Captivate Tutorial Uploaded successfully !',
  maxAttachments: 'Only 5 documents can be attached at a time.',
  tutorialTooLarge: 'Video size exceeds more than 1048576MB',
  demoVideoTooLarge: 'Video size exceeds more than 100mb',
  // texts the spec does not give
  attachmentTooLarge: `The attachment must be at most ${UPLOAD_LIMITS.attachmentMaxBytes / MB} MB.`,
  attachmentType: `This file type cannot be attached. Attach one of: ${ATTACHMENT_EXTENSIONS.join(', ')}.`,
  videoType: 'Please select a video file.',
  packageType: 'The learning package must be a .zip, .rar or .7z archive.',
  packageTooLarge: `The learning package must be at most ${UPLOAD_LIMITS.packageMaxBytes / MB} MB.`,
  packageUnsafe: 'The learning package holds a path, a link or a special file that is not allowed.',
  packageTooBig: `The learning package unpacks to more than ${UPLOAD_LIMITS.packageMaxUnpackedBytes / MB} MB or ${UPLOAD_LIMITS.packageMaxEntries} files.`,
  packageUnreadable: 'The learning package could not be unpacked (a damaged or password-protected archive?).',
  packageNoStartPage: 'The learning package has no start page (an .html file).',
  packageEmpty: 'The learning package is empty.',
  fileMissing: (field: string) => `Send the file in the form field ${field}.`,
  notMultipart: 'Send the file as multipart/form-data.',
  fileEmpty: 'The file is empty.',
  uploadMissing: 'The file was not uploaded: upload it to the presigned URL first.',
  uploadUrlInvalid: 'This is not an upload URL of this sim.',
  documentRemoved: 'Document removed successfully.',
  mediaRemoved: 'Removed successfully.',
  unknownDocument: 'This document is not attached to the sim.',
  audioType: 'Please record or select an audio file.',
  audioTooLarge: SPEECH_MESSAGES.audioTooLarge,
  audioUnreadable: SPEECH_MESSAGES.audioUnsupported,
  audioUploaded: 'Recording saved successfully.',
  audioAgentOnly: 'Only the scripts of the agent can have a recorded clip.',
  uploadUnavailable: 'Audio conversion is not available on this server (ffmpeg is missing).',
  storageUnavailable: 'The learning package cannot be unpacked on this server (bsdtar is missing).',
} as const;

/** The displayed name of an attachment: cut at 25 characters (section 5). */
export function cutAttachmentName(name: string, max: number = UPLOAD_LIMITS.attachmentNameCut): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** The lower-case extension of a file name with its dot ('' when none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** The MIME type of an attachment's name, or null when it cannot be attached. */
export function attachmentMimeType(name: string): string | null {
  const ext = fileExtension(name);
  return Object.hasOwn(ATTACHMENT_TYPES, ext) ? ATTACHMENT_TYPES[ext as keyof typeof ATTACHMENT_TYPES] : null;
}

/** True for a video: a video/* type, or a video extension when the browser sent no specific type. */
export function isVideoFile(name: string, mimeType: string | null | undefined): boolean {
  const type = (mimeType ?? '').toLowerCase().split(';')[0].trim();
  if (type.startsWith('video/')) return true;
  const generic = type === '' || type === 'application/octet-stream';
  return generic && Object.hasOwn(VIDEO_TYPES, fileExtension(name));
}

export function isPackageFile(name: string): boolean {
  return (PACKAGE_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}
