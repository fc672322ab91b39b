import { defineRoute } from '../contract/define';
import {
  ZClassNoteParams,
  ZClassNotesResponse,
  ZSaveClassNoteRequest,
  ZSaveClassNoteResponse,
} from '../schemas/class-notes';
import { ZMessageResponse } from '../schemas/common';
import { requires } from './access';

const tags = ['class-notes'];

/** The notepad (learner-and-review.md section 2): each user reads and writes only their own notes. */
export const classNotesApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/notes',
    access: requires('my_notepad', 'view'),
    tags,
    summary: "The caller's class notes, newest first",
    response: ZClassNotesResponse,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/notes',
    access: {
      anyOf: [
        { task: 'my_notepad', type: 'create' },
        { task: 'my_notepad', type: 'update' },
      ],
    },
    tags,
    summary: 'Write a class note (create), or edit one with _id (update)',
    body: ZSaveClassNoteRequest,
    response: ZSaveClassNoteResponse,
  }),
  delete: defineRoute({
    method: 'DELETE',
    url: '/api/v1/sims/notes/:id',
    access: requires('my_notepad', 'delete'),
    tags,
    summary: "Delete one of the caller's class notes",
    params: ZClassNoteParams,
    response: ZMessageResponse,
  }),
  download: defineRoute({
    method: 'GET',
    url: '/api/v1/users/excel/download-notes',
    access: requires('my_notepad', 'view'),
    tags,
    summary: "The caller's class notes as User_Notes.xlsx (not for learners)",
    response: 'file',
  }),
};
