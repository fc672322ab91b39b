import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  fileExtension,
  isPackageFile,
  isVideoFile,
  RECORDED_AUDIO_MIME_PREFIXES,
  type SimVideoField,
  type TCaptivateResponse,
  type TSimVideo,
  type TStoredFile,
  type TUploadAudioResponse,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  VIDEO_TYPES,
  ZUploadAudioFields,
  ZUploadVideoFields,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { BlobTooLargeError } from '../../../lib/blob-store';
import { AppError, found, Invalid, RuleBroken } from '../../../lib/errors';
import type { FileInfo, IncomingFile, StreamUpload } from '../../../lib/multipart';
import {
  EngineUnavailableError,
  ImplausibleAudioError,
  inspectAudio,
  UnsupportedAudioError,
} from '../../speech/service';
import { findScript, updateScript } from '../scripts/repository';
import { activeSimOf, editSim } from '../shared/access';
import { parseOr400 } from '../shared/request';
import { convertToMp3 } from './audio';
import { fileUrl, releaseBlob, releasePackage, tempFolder } from './files';
import { fileKey, newUploadId, SIM_FOLDERS, type SimFolder, uploadFolder } from './keys';
import { packageContentType, packageFileKey, packageUrl } from './package';
import { updateSimFiles } from './repository';
import { setVideo } from './service';
import { findStartPage, UnpackError, type UnpackedFile, unpackArchive } from './unpack';

const M = UPLOAD_MESSAGES;
const L = UPLOAD_LIMITS;

/** The two videos a sim keeps: where they go, their limit and their messages. */
const VIDEO_FIELDS = {
  tutorial_video: {
    column: 'tutorialVideo',
    folder: SIM_FOLDERS.tutorial,
    maxBytes: L.tutorialVideoMaxBytes,
    tooLarge: M.tutorialTooLarge,
    uploaded: M.tutorialUploaded,
  },
  captivate_demo_video: {
    column: 'captivateDemoVideo',
    folder: SIM_FOLDERS.demoVideo,
    maxBytes: L.demoVideoMaxBytes,
    tooLarge: M.demoVideoTooLarge,
    uploaded: M.demoVideoUploaded,
  },
} as const;

/** The type a video is stored with: its own video/* type, else the one of its extension. */
function videoType(file: FileInfo): string {
  const given = file.mimetype.split(';')[0].trim().toLowerCase();
  if (/^video\/[a-z0-9.+-]+$/.test(given)) return given;
  return VIDEO_TYPES[fileExtension(file.filename) as keyof typeof VIDEO_TYPES] ?? 'application/octet-stream';
}

/** A recorded blob often comes as "blob": give it the extension of its type. */
function videoName(file: FileInfo): string {
  const name = (file.filename || '').trim();
  if (Object.hasOwn(VIDEO_TYPES, fileExtension(name))) return name;
  const type = videoType(file);
  const ext = Object.entries(VIDEO_TYPES).find(([, t]) => t === type)?.[0] ?? '.webm';
  return `${name || 'video'}${ext}`;
}

/** A video by its name or declared type (415 otherwise). */
const VIDEO_FILE = { accepts: (file: FileInfo) => isVideoFile(file.filename, file.mimetype), message: M.videoType };

/** Streams a video straight into the blob store under a new key of the sim. */
async function storeVideo(
  deps: AppDeps,
  simId: string,
  folder: SimFolder,
  file: IncomingFile,
  maxBytes: number,
  tooLarge: string,
): Promise<TStoredFile> {
  const fileName = videoName(file);
  const key = fileKey(simId, folder, newUploadId(), fileName);
  try {
    const { size, contentType } = await deps.blobs.putStream(key, file.stream, videoType(file), { maxBytes });
    return { key, fileName, mimeType: contentType, size };
  } catch (err) {
    if (err instanceof BlobTooLargeError) throw new AppError('TOO_LARGE', tooLarge);
    throw err;
  }
}

async function assertNotEmpty(deps: AppDeps, file: TStoredFile) {
  if (file.size > 0) return;
  await deps.blobs.delete(file.key);
  throw Invalid(M.fileEmpty);
}

/** Keeps a stored video on the sim; the file is deleted again if that fails (a trashed sim, say). */
async function keepVideo(deps: AppDeps, actor: Actor, simId: string, field: SimVideoField, file: TStoredFile) {
  await assertNotEmpty(deps, file);
  try {
    return await setVideo(deps, actor, simId, VIDEO_FIELDS[field].column, file);
  } catch (err) {
    await deps.blobs.delete(file.key).catch(() => undefined);
    throw err;
  }
}

/** POST /add-captivate-video/:id: the demo video (multipart field video_blob, at most 100 MB), streamed to the blob store. */
export async function demoVideoUpload(
  deps: AppDeps,
  actor: Actor,
  simId: string,
): Promise<StreamUpload<TStoredFile, { message: string; captivate_demo_video: TSimVideo }, true>> {
  const sim = await activeSimOf(deps.db, actor, simId);
  const spec = VIDEO_FIELDS.captivate_demo_video;
  return {
    file: {
      field: 'video_blob',
      maxBytes: spec.maxBytes,
      tooLarge: spec.tooLarge,
      missing: M.fileMissing('video_blob'),
      type: VIDEO_FILE,
    },
    fields: [],
    notMultipart: M.notMultipart,
    receive: (file) => storeVideo(deps, sim.id, spec.folder, file, spec.maxBytes, spec.tooLarge),
    discard: (file) => deps.blobs.delete(file.key),
    finish: async (form) => {
      const video = await keepVideo(deps, actor, sim.id, 'captivate_demo_video', form.file);
      return { message: spec.uploaded, captivate_demo_video: video };
    },
  };
}

type ReceivedVideo = { kind: 'blob'; file: TStoredFile } | { kind: 'temp'; path: string; name: string; type: string };

/**
 * POST /upload-video: a tutorial or demo video in one multipart request (fields sim_id and field_type, file
 * video). Sent before the file, the fields let it stream straight into the blob store; sent after, the
 * file waits in a temporary file first.
 */
export async function videoUpload(
  deps: AppDeps,
  actor: Actor,
): Promise<StreamUpload<ReceivedVideo, { message: string } & Partial<Record<SimVideoField, TSimVideo>>>> {
  const temp = await tempFolder(deps, 'video');
  return {
    file: { field: 'video', maxBytes: L.tutorialVideoMaxBytes, tooLarge: M.tutorialTooLarge, type: VIDEO_FILE },
    fields: ['sim_id', 'field_type'],
    notMultipart: M.notMultipart,
    receive: async (file) => {
      const early = ZUploadVideoFields.safeParse(file.fields);
      if (early.success) {
        const spec = VIDEO_FIELDS[early.data.field_type];
        const sim = await activeSimOf(deps.db, actor, early.data.sim_id);
        const stored = await storeVideo(deps, sim.id, spec.folder, file, spec.maxBytes, spec.tooLarge);
        return { kind: 'blob', file: stored };
      }
      const target = path.join(temp.dir, 'video');
      await pipeline(file.stream, createWriteStream(target));
      return { kind: 'temp', path: target, name: videoName(file), type: videoType(file) };
    },
    discard: async (received) => {
      if (received.kind === 'blob') await deps.blobs.delete(received.file.key);
    },
    finish: async (form) => {
      const fields = parseOr400(ZUploadVideoFields, form.fields);
      const spec = VIDEO_FIELDS[fields.field_type];
      if (!form.file) throw Invalid(M.fileMissing('video'), 'video');
      let stored: TStoredFile;
      if (form.file.kind === 'blob') stored = form.file.file;
      else {
        const size = (await fs.stat(form.file.path)).size;
        if (size > spec.maxBytes) throw new AppError('TOO_LARGE', spec.tooLarge);
        const sim = await activeSimOf(deps.db, actor, fields.sim_id);
        const key = fileKey(sim.id, spec.folder, newUploadId(), form.file.name);
        await deps.blobs.putFile(key, form.file.path, form.file.type);
        stored = { key, fileName: form.file.name, mimeType: form.file.type, size };
      }
      const video = await keepVideo(deps, actor, fields.sim_id, fields.field_type, stored);
      return { message: spec.uploaded, [fields.field_type]: video };
    },
    done: temp.done,
  };
}

const PACKAGE_ERRORS: Record<UnpackError['reason'], () => AppError> = {
  unsafe: () => Invalid(M.packageUnsafe, 'folder'),
  'too-big': () => new AppError('TOO_LARGE', M.packageTooBig),
  unreadable: () => Invalid(M.packageUnreadable, 'folder'),
  empty: () => Invalid(M.packageEmpty, 'folder'),
  unavailable: () => new AppError('UNAVAILABLE', M.storageUnavailable),
};

/** The learning package's display name: the archive's name without its extension. */
function packageName(fileName: string): string {
  const base = path.basename(fileName.replace(/\\/g, '/')).replace(/\.(zip|rar|7z|7zip)$/i, '');
  return base.trim().slice(0, L.fileNameMax) || 'package';
}

async function eachLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Where a refused learning package is told (the request's log). */
export interface UploadLog {
  warn(obj: object, msg: string): void;
}

/**
 * POST /add-captivate/:id: the learning package (multipart field folder: .zip, .rar, .7z). The archive is
 * kept in a temporary folder, unpacked safely (unpack.ts), and its files stored under a new folder of the
 * sim; the sim then points to the start page, and the package it replaces is deleted.
 */
export async function packageUpload(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  log: UploadLog,
  limits?: Parameters<typeof unpackArchive>[2],
): Promise<StreamUpload<{ archive: string; name: string }, Omit<TCaptivateResponse, 'success'>, true>> {
  const sim = await activeSimOf(deps.db, actor, simId);
  const temp = await tempFolder(deps, 'package');
  return {
    file: {
      field: 'folder',
      maxBytes: L.packageMaxBytes,
      tooLarge: M.packageTooLarge,
      missing: M.fileMissing('folder'),
      type: { accepts: (file) => isPackageFile(file.filename), message: M.packageType },
    },
    fields: [],
    notMultipart: M.notMultipart,
    receive: async (file) => {
      const archive = path.join(temp.dir, `package${fileExtension(file.filename)}`);
      await pipeline(file.stream, createWriteStream(archive));
      return { archive, name: packageName(file.filename) };
    },
    // nothing to discard: the temporary folder goes as a whole
    finish: async (form) => {
      const upload = form.file;
      const dest = path.join(temp.dir, 'files');
      await fs.mkdir(dest);
      let files: UnpackedFile[];
      try {
        files = await unpackArchive(upload.archive, dest, limits);
      } catch (err) {
        if (err instanceof UnpackError) {
          log.warn({ reason: err.reason, detail: err.message }, 'learning package refused');
          throw PACKAGE_ERRORS[err.reason]();
        }
        throw err;
      }
      const start = findStartPage(files);
      if (!start) throw Invalid(M.packageNoStartPage, 'folder');
      const uploadId = newUploadId();
      const folder = uploadFolder(sim.id, SIM_FOLDERS.captivate, uploadId);
      const entry = `${folder}/${start}`;
      let old: string | null;
      try {
        await eachLimit(files, 8, (f) =>
          deps.blobs.putFile(
            packageFileKey(sim.id, uploadId, f.path),
            path.join(dest, ...f.path.split('/')),
            packageContentType(f.path),
          ),
        );
        old = await editSim(deps, actor, sim.id, async (tx, row) => {
          await updateSimFiles(tx, row.id, { captivateFolderName: upload.name, captivateEntry: entry });
          return row.captivateEntry;
        });
      } catch (err) {
        await deps.blobs.deletePrefix(folder).catch(() => undefined);
        throw err;
      }
      if (old && old !== entry) await releasePackage(deps, old);
      return {
        message: M.packageUploaded,
        captivate_folder_name: upload.name,
        captivate_url: found(packageUrl(deps, entry)),
      };
    },
    done: temp.done,
  };
}

function isRecordedAudio(mimetype: string) {
  const type = mimetype.toLowerCase();
  return RECORDED_AUDIO_MIME_PREFIXES.some((prefix) => type.startsWith(prefix));
}

/**
 * POST /upload-audio: the author's own recording of an agent script (fields sim_id, sim_script_id, file
 * audio_blob), converted to MP3 with ffmpeg, kept as the script's recorded clip and switched on.
 */
export async function audioUpload(
  deps: AppDeps,
  actor: Actor,
): Promise<StreamUpload<string, Omit<TUploadAudioResponse, 'success'>>> {
  const temp = await tempFolder(deps, 'audio');
  return {
    file: {
      field: 'audio_blob',
      maxBytes: L.recordedAudioMaxBytes,
      tooLarge: M.audioTooLarge,
      type: { accepts: (file) => isRecordedAudio(file.mimetype), message: M.audioType },
    },
    fields: ['sim_id', 'sim_script_id'],
    notMultipart: M.notMultipart,
    receive: async (file) => {
      const target = path.join(temp.dir, 'recording');
      await pipeline(file.stream, createWriteStream(target));
      return target;
    },
    finish: async (form) => {
      const fields = parseOr400(ZUploadAudioFields, form.fields);
      if (!form.file) throw Invalid(M.fileMissing('audio_blob'), 'audio_blob');
      const sim = await activeSimOf(deps.db, actor, fields.sim_id);
      const { script, character } = found(await findScript(deps.db, sim.id, fields.sim_script_id));
      if (character?.type !== 'agent') throw RuleBroken(M.audioAgentOnly);
      const mp3 = path.join(temp.dir, 'clip.mp3');
      try {
        // the header must fit the data before ffmpeg runs (a WAV saying 1 Hz is not a 600 s clip: issue 32)
        await inspectAudio(await fs.readFile(form.file), form.file);
        await convertToMp3(form.file, mp3);
      } catch (err) {
        if (err instanceof ImplausibleAudioError) throw Invalid(err.message, 'audio_blob');
        if (err instanceof EngineUnavailableError) throw new AppError('UNAVAILABLE', M.uploadUnavailable);
        if (err instanceof UnsupportedAudioError) throw Invalid(M.audioUnreadable, 'audio_blob');
        throw err;
      }
      const key = fileKey(sim.id, SIM_FOLDERS.recordings, newUploadId(), `${script.id}.mp3`);
      await deps.blobs.putFile(key, mp3, 'audio/mpeg');
      let old: string | null;
      try {
        old = await editSim(deps, actor, sim.id, async (tx) => {
          const current = found(await findScript(tx, sim.id, script.id)).script;
          await updateScript(tx, sim.id, script.id, {
            agentRecordedKey: key,
            agentRecordedAudio: true,
            updatedAt: deps.now(),
          });
          return current.agentRecordedKey;
        });
      } catch (err) {
        await deps.blobs.delete(key).catch(() => undefined);
        throw err;
      }
      if (old && old !== key) await releaseBlob(deps, old);
      return {
        message: M.audioUploaded,
        sim_script_id: script.id,
        agent_recorded_url: fileUrl(deps, key),
        agent_recorded_audio: true as const,
      };
    },
    done: temp.done,
  };
}
