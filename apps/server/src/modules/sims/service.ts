// The sims module's face to other modules (taking a sim reads what the authors built): they read sims,
// levels, scripts, layouts and pass/fail criteria, shape them as the API answers them, and convert a
// recording to the app's MP3 format only through this file; the multipart fields of a form are checked
// with the same 400 answer (parseOr400).
export { passFailOf } from './criteria/repository';
export { layoutsOf } from './layouts/repository';
export { levelsOf } from './levels/repository';
export { scriptsOfLevel } from './scripts/repository';
export { parseOr400 } from './shared/request';
export { type CharacterRow, type LevelRow, type ScriptRow, toLevel, toPassFail, toScript } from './shared/shape';
export { simDetails } from './sims/service';
export { convertToMp3 } from './uploads/audio';
