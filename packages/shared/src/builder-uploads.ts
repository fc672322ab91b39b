/**
 * Labels of the builder's upload controls (Basic Information: attachments, tutorial video, learning package,
 * demo video, URL links) and of the Data Input step (authoring.md sections 2, 5 and 8). The spec's messages
 * and limits live in uploads.ts (UPLOAD_MESSAGES, UPLOAD_LIMITS) and data-input.ts (DATA_INPUT_MESSAGES);
 * these are the texts the spec does not give.
 */

import { LAYOUT_TEMPLATE } from './data-input';

/** What the Data Input's file picker offers (the server checks again). */
export const DATA_INPUT_ACCEPT = LAYOUT_TEMPLATE.extensions.join(',');

export const BUILDER_UPLOAD_TEXTS = {
  sectionTitle: 'Files and links',
  saveFirstHint:
    'Attachments, videos and the learning package can be added once the sim is saved: fill in the title and the description, then save the sim.',
  saveSim: 'SAVE SIM',
  // attachments
  attachments: 'Attachments',
  addAttachment: 'ADD ATTACHMENT',
  noAttachments: 'No attachments yet.',
  attachmentInput: 'Attachment file',
  open: (name: string) => `Open ${name}`,
  removeNamed: (name: string) => `Remove ${name}`,
  removeAttachmentTitle: 'Remove Attachment',
  removeAttachmentMessage: (name: string) => `Remove the attachment '${name}' from the sim?`,
  removeConfirm: 'REMOVE',
  // upload status (uploading, then uploaded or error)
  uploading: (name: string, percent: number) => `Uploading ${name}: ${percent}%`,
  uploaded: (name: string) => `${name}: uploaded (100%)`,
  uploadError: (name: string) => `${name}: error`,
  // tutorial video
  tutorialVideo: 'Tutorial Video',
  uploadTutorial: 'UPLOAD TUTORIAL VIDEO',
  tutorialInput: 'Tutorial video file',
  removeTutorialTitle: 'Remove Tutorial Video',
  // learning package
  learningPackage: 'Learning Package',
  uploadPackage: 'UPLOAD LEARNING PACKAGE',
  packageInput: 'Learning package file',
  packageHint: 'A .zip, .rar or .7zip folder with an .html start page.',
  openPackage: 'Open the learning package',
  removePackageTitle: 'Remove Learning Package',
  // demo video
  demoVideo: 'Demo Video',
  uploadDemo: 'UPLOAD DEMO VIDEO',
  demoInput: 'Demo video file',
  removeDemoTitle: 'Remove Demo Video',
  removeMediaMessage: (name: string) => `Remove '${name}' from the sim?`,
  none: 'None yet.',
  // links
  links: 'URL Links',
  linkInput: 'Add a link',
  linkHint: "Press 'Enter' after each link.",
  tooManyLinks: (max: number) => `A sim can have at most ${max} links.`,
  openLink: (link: string) => `Open ${link}`,
} as const;

export const DATA_INPUT_STEP_TEXTS = {
  title: 'Data Input',
  layoutType: 'Layout',
  typeLabels: { case: 'Case', account: 'Account' },
  uploadExcel: 'UPLOAD EXCEL',
  uploadExcelTitle: 'Upload Excel',
  uploadExcelHint: (type: string) => `The ${type} layout: an .xlsx or .csv file laid out like the template.`,
  downloadTemplate: 'Download the layout template',
  chooseFile: 'Choose file',
  excelInput: 'Excel file',
  noFile: 'No file chosen',
  upload: 'UPLOAD',
  cancel: 'CANCEL',
  loadCase: 'LOAD CASE DETAILS',
  loadCaseTitle: 'Load Case Details',
  caseNumber: 'Case Number',
  knownCases: 'Known case numbers',
  noKnownCases: 'No cases are known yet.',
  load: 'LOAD',
  print: 'Print the layout',
  back: 'Back',
  preview: 'PREVIEW',
  previewHint: 'Save and Preview',
  noLayout: (type: string) => `No ${type} layout yet. Upload an Excel file laid out like the template to add one.`,
  tabs: (type: string) => `Tabs of the ${type} layout`,
  noneOption: '--None--',
  saving: 'Saving…',
  previewPath: (simId: string) => `/sims/preview?simId=${encodeURIComponent(simId)}`,
} as const;
