import {
  AUTHORING_MESSAGES,
  BUILDER_UPLOAD_TEXTS as B,
  UPLOAD_MESSAGES as M,
  SIM_BUILDER_TEXTS as T,
  type TProduct,
  type TSimDocument,
  UPLOAD_LIMITS,
} from '@sim/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../../testing/render-app';
import { testSim } from '../../../../testing/sim-fixtures';

// the first render builds the whole app shell: give it more than the default second

const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];
const SIM_ID = '00000000-0000-4000-8000-0000000000aa';
const PRODUCT: TProduct = { _id: '00000000-0000-4000-8000-000000000001', name: 'Training SIM', type: 'Voice Only' };

const doc = (n: number, fileName = `file-${n}.pdf`): TSimDocument => ({
  id: `d${n}`,
  url: `/files/d${n}?sig=x`,
  fileName,
  mimeType: 'application/pdf',
});

function builderSim(documents: TSimDocument[], hotLinks: string[] = []) {
  return testSim(
    [],
    { product: PRODUCT, activeStep: 0 },
    {
      _id: SIM_ID,
      hot_links: hotLinks,
      documents,
      tutorial_video: null,
      captivate_folder_name: null,
      captivate_url: null,
      captivate_demo_video: null,
      totalLevels: 1,
      totalSteps: 0,
    },
  );
}

type Handler = (body: unknown, url: URL) => Response;
interface Call {
  method: string;
  path: string;
  body: unknown;
}

function setup({
  documents = [] as TSimDocument[],
  hotLinks = [] as string[],
  handlers = {} as Record<string, Handler>,
} = {}) {
  const user = makeUser();
  signIn(user);
  const calls: Call[] = [];
  mockFetch((url, init) => {
    // Basic Information goes as multipart with its JSON in the `data` field
    const text = init?.body instanceof FormData ? init.body.get('data') : init?.body;
    const body = text ? JSON.parse(String(text)) : undefined;
    if (init?.body) calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
    const handler = handlers[url.pathname];
    if (handler) return handler(body, url);
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, ALL));
      case '/api/v1/product':
        return jsonResponse({ success: true, products: [PRODUCT] });
      case '/api/v1/sims/current-sim':
        return jsonResponse({ success: true, sim: builderSim(documents, hotLinks) });
      case '/api/v1/sims/basicInfo':
        return jsonResponse({ success: true, message: 'ok', sim_id: SIM_ID, _id: SIM_ID });
      case '/api/v1/sims/get-presigned-url':
        return jsonResponse({
          success: true,
          presignedUrl: `/files/upload/k1?sig=put`,
          downloadUrl: `/files/k1?sig=get`,
          key: 'k1',
        });
      default:
        return undefined;
    }
  });
  return calls;
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** An XMLHttpRequest that reports 40 % then answers `status` with `answer`. */
function fakeXhr(answer: (sent: Sent) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    private request: Sent = { method: '', url: '', body: null, headers: {} };
    open(method: string, url: string) {
      this.request = { method, url, body: null, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      setTimeout(() => {
        const reply = answer(this.request);
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 20);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** A file whose size is reported as `size` (a real 1 GiB buffer is not needed to test the limit). */
function sizedFile(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const choose = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('attachments', () => {
  it('cuts a long name at 25 characters and shows the full name in a tooltip', async () => {
    const long = 'Quarterly-refill-guidelines-for-agents.pdf';
    setup({ documents: [doc(1, long), doc(2, 'short.pdf')] });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    const list = await screen.findByRole('list', { name: B.attachments });
    const cut = within(list).getByText(`${long.slice(0, 25)}...`);
    expect(within(list).queryByText(long)).toBeNull();
    expect(within(list).getByText('short.pdf')).toBeTruthy();
    await userEvent.hover(cut);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
    expect(
      within(list)
        .getByRole('link', { name: B.open(long) })
        .getAttribute('href'),
    ).toBe('/files/d1?sig=x');
  });

  it('uploads through the presigned URL with progress, then records the attachment', async () => {
    const calls = setup({
      handlers: {
        '/api/v1/sims/add-attachment': () =>
          jsonResponse({ success: true, message: M.attachmentUploaded, documents: [doc(1, 'notes.txt')] }),
      },
    });
    const sent = fakeXhr(() => ({ status: 200, body: { success: true } }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.addAttachment });
    choose(B.attachmentInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(B.uploading('notes.txt', 40))).toBeTruthy();
    expect(await screen.findByText(M.attachmentUploaded)).toBeTruthy();
    expect(screen.getByText(B.uploaded('notes.txt'))).toBeTruthy();

    expect(calls.find((c) => c.path === '/api/v1/sims/get-presigned-url')?.body).toEqual({
      type: 'attachment',
      fileName: 'notes.txt',
      sim_id: SIM_ID,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/files/upload/k1?sig=put' });
    expect(sent[0]?.headers['Content-Type']).toBe('text/plain');
    expect(sent[0]?.headers.Authorization).toBeUndefined();
    expect((sent[0]?.body as File | undefined)?.name).toBe('notes.txt');
    expect(calls.find((c) => c.path === '/api/v1/sims/add-attachment')?.body).toEqual({
      id: SIM_ID,
      url: '/files/k1?sig=get',
      fileName: 'notes.txt',
      mimeType: 'text/plain',
    });
    const list = await screen.findByRole('list', { name: B.attachments });
    expect(within(list).getByText('notes.txt')).toBeTruthy();
  });

  it('treats a PUT answer other than 200 as an error and records nothing', async () => {
    const calls = setup();
    fakeXhr(() => ({ status: 500, body: { success: false, message: 'disk full', code: 'INTERNAL' } }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.addAttachment });
    choose(B.attachmentInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(M.attachmentFailed)).toBeTruthy();
    expect(screen.getByText(B.uploadError('notes.txt'))).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/sims/add-attachment')).toBe(false);
  });

  it('refuses the 6th attachment before uploading', async () => {
    const calls = setup({ documents: [1, 2, 3, 4, 5].map((n) => doc(n)) });
    const sent = fakeXhr(() => ({ status: 200, body: {} }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    const list = await screen.findByRole('list', { name: B.attachments });
    expect(within(list).getAllByRole('listitem')).toHaveLength(UPLOAD_LIMITS.maxAttachments);
    choose(B.attachmentInput, new File(['six'], 'six.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(M.maxAttachments)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/sims/get-presigned-url')).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    setup({
      documents: [1, 2, 3, 4].map((n) => doc(n)),
      handlers: {
        '/api/v1/sims/add-attachment': () =>
          jsonResponse({ success: false, message: M.maxAttachments, code: 'INVALID' }, 400),
      },
    });
    fakeXhr(() => ({ status: 200, body: { success: true } }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('list', { name: B.attachments });
    choose(B.attachmentInput, new File(['five'], 'five.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(M.maxAttachments)).toBeTruthy();
  });

  it('removes an attachment after confirmation', async () => {
    const calls = setup({
      documents: [doc(1), doc(2)],
      handlers: { '/api/v1/sims/remove-document': () => jsonResponse({ success: true, documents: [doc(2)] }) },
    });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: B.removeNamed('file-1.pdf') }));
    const dialog = await screen.findByRole('dialog', { name: B.removeAttachmentTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: B.removeConfirm }));
    await waitFor(() => expect(screen.queryByText('file-1.pdf')).toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/sims/remove-document')).toEqual({
      method: 'PATCH',
      path: '/api/v1/sims/remove-document',
      body: { simId: SIM_ID, documentId: 'd1' },
    });
  });
});

describe('videos and the learning package', () => {
  it('refuses a tutorial video over 1073741824 bytes and a file that is not a video', async () => {
    const calls = setup();
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.uploadTutorial });
    choose(B.tutorialInput, sizedFile('talk.mp4', 'video/mp4', UPLOAD_LIMITS.tutorialVideoMaxBytes + 1));
    expect(await screen.findByText(M.tutorialTooLarge)).toBeTruthy();
    choose(B.tutorialInput, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(M.videoType)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/sims/get-presigned-url')).toBe(false);
  });

  it('uploads a tutorial video through the presigned URL and shows it with a player', async () => {
    const calls = setup({
      handlers: {
        [`/api/v1/sims/add-tutorial-video/${SIM_ID}`]: () =>
          jsonResponse({
            success: true,
            message: M.tutorialUploaded,
            tutorial_video: { url: '/files/k1?sig=get', fileName: 'talk.mp4' },
          }),
      },
    });
    fakeXhr(() => ({ status: 200, body: { success: true } }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.uploadTutorial });
    choose(B.tutorialInput, sizedFile('talk.mp4', 'video/mp4', UPLOAD_LIMITS.tutorialVideoMaxBytes));
    expect(await screen.findByText(M.tutorialUploaded)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/v1/sims/get-presigned-url')?.body).toMatchObject({ type: 'tutorial' });
    expect(calls.find((c) => c.path === `/api/v1/sims/add-tutorial-video/${SIM_ID}`)?.body).toEqual({
      url: '/files/k1?sig=get',
      fileName: 'talk.mp4',
    });
    const section = screen.getByRole('region', { name: B.tutorialVideo });
    expect(section.querySelector('video')?.getAttribute('src')).toBe('/files/k1?sig=get');
  });

  it('refuses a demo video over 100 MB', async () => {
    setup();
    const sent = fakeXhr(() => ({ status: 200, body: {} }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.uploadDemo });
    choose(B.demoInput, sizedFile('demo.mp4', 'video/mp4', UPLOAD_LIMITS.demoVideoMaxBytes + 1));
    expect(await screen.findByText(M.demoVideoTooLarge)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('uploads a learning package as multipart field folder, opens it and removes it', async () => {
    const calls = setup({
      handlers: {
        '/api/v1/sims/remove-media': () => jsonResponse({ success: true }),
      },
    });
    const sent = fakeXhr(() => ({
      status: 200,
      body: {
        success: true,
        message: M.packageUploaded,
        captivate_folder_name: 'course',
        captivate_url: '/files/pkg/index.html?sig=p',
      },
    }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.uploadPackage });
    choose(B.packageInput, new File(['x'], 'course.rar', { type: '' }));
    expect(await screen.findByText(M.packageUploaded)).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'POST', url: `/api/v1/sims/add-captivate/${SIM_ID}` });
    expect(sent[0]?.headers.Authorization).toBe('Bearer test-token');
    expect(((sent[0]?.body as FormData | undefined)?.get('folder') as File | null)?.name).toBe('course.rar');
    const open = screen.getByRole('link', { name: B.openPackage });
    expect(open.getAttribute('href')).toBe('/files/pkg/index.html?sig=p');

    await userEvent.click(screen.getByRole('button', { name: B.removeNamed('course') }));
    const dialog = await screen.findByRole('dialog', { name: B.removePackageTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: B.removeConfirm }));
    await waitFor(() => expect(screen.queryByRole('link', { name: B.openPackage })).toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/sims/remove-media')?.body).toEqual({
      sim_id: SIM_ID,
      field_type: 'captivate_folder',
    });
  });

  it('refuses a learning package that is not .zip, .rar or .7zip', async () => {
    setup();
    const sent = fakeXhr(() => ({ status: 200, body: {} }));
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    await screen.findByRole('button', { name: B.uploadPackage });
    choose(B.packageInput, new File(['x'], 'course.tar', { type: 'application/x-tar' }));
    expect(await screen.findByText(M.packageType)).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});

describe('URL links', () => {
  it('adds a link with Enter, refuses a duplicate, removes it, saving the sim each time', async () => {
    const calls = setup({ hotLinks: ['https://example.com/a'] });
    renderApp(`/sims/createsim?simId=${SIM_ID}`);
    const input = await screen.findByRole('textbox', { name: B.linkInput });
    await userEvent.type(input, 'https://example.com/b{Enter}');
    const list = screen.getByRole('list', { name: B.links });
    expect(within(list).getByRole('link', { name: 'https://example.com/b' })).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/sims/basicInfo').at(-1)?.body).toMatchObject({
        _id: SIM_ID,
        hot_links: ['https://example.com/a', 'https://example.com/b'],
      }),
    );
    // Enter did not submit the form (NEXT would send activeStep)
    expect(calls.some((c) => c.path === '/api/v1/sims/basicInfo' && 'activeStep' in (c.body as object))).toBe(false);

    await userEvent.type(input, 'https://example.com/a{Enter}');
    expect(await screen.findByText(AUTHORING_MESSAGES.duplicateLink)).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.clear(input);
    await userEvent.type(input, 'not a link{Enter}');
    expect(await screen.findByText(AUTHORING_MESSAGES.badLink)).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: B.removeNamed('https://example.com/a') }));
    expect(within(list).queryByRole('link', { name: 'https://example.com/a' })).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/sims/basicInfo').at(-1)?.body).toMatchObject({
        hot_links: ['https://example.com/b'],
      }),
    );
  });
});

describe('a new sim', () => {
  it('disables the uploads with a hint until the sim is saved, then stays on Basic Information', async () => {
    const calls = setup();
    const { router } = renderApp('/sims/createsim');
    const save = await screen.findByRole('button', { name: B.saveSim });
    expect(screen.getByText(B.saveFirstHint)).toBeTruthy();
    expect((screen.getByRole('button', { name: B.addAttachment }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: B.uploadTutorial }) as HTMLButtonElement).disabled).toBe(true);
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(screen.getByRole('textbox', { name: T.title }), 'Refills');
    await userEvent.type(screen.getByRole('textbox', { name: T.description }), 'A refill call');
    await userEvent.type(screen.getByRole('textbox', { name: B.linkInput }), 'https://example.com/c{Enter}');
    expect(calls.some((c) => c.path === '/api/v1/sims/basicInfo')).toBe(false);
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.search).toBe(`?simId=${SIM_ID}`));
    const saved = calls.find((c) => c.path === '/api/v1/sims/basicInfo');
    expect(saved?.body).toMatchObject({ title: 'Refills', hot_links: ['https://example.com/c'] });
    expect(saved?.body).not.toHaveProperty('_id');
    expect(saved?.body).not.toHaveProperty('activeStep');
    // reopened on Basic Information with the uploads enabled
    await waitFor(() =>
      expect((screen.getByRole('button', { name: B.addAttachment }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect((screen.getByRole('textbox', { name: T.title }) as HTMLInputElement).value).toBe('Refills');
    expect(screen.queryByText(B.saveFirstHint)).toBeNull();
  });
});
