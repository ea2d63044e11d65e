import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyFiles, SharedFile } from '@shared/contract/files.ts';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '@shared/domain/files.ts';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { setImpersonatedUserId } from '@web/lib/impersonation.ts';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog, tm } from '@web/lib/i18n.tsx';
import { setSession } from '@web/lib/session.ts';
import { invalidateQueries } from '@web/lib/use-query.ts';
import { FamilyFilesPage } from './family-files-page.tsx';
import { FileSharingPage } from './file-sharing-page.tsx';
import { RegistrationFilesPanel } from './registration-files-panel.tsx';

// File sharing screens (decision 025) against a fake /api.
type Answer = { status: number; body: unknown; headers?: Record<string, string> } | undefined;
let handler: (method: string, url: string, body: unknown) => Answer;
const sent: { method: string; url: string; body: unknown }[] = [];

const waiver = (over: Partial<SharedFile> = {}): SharedFile => ({
  fileId: 'AAAAAAAAAAAAAAAAAAAAAA',
  name: 'Maya waiver.pdf',
  contentType: 'application/pdf',
  size: 120 * 1024,
  uploadedAt: '2026-11-20T12:00:00Z',
  kind: 'upload',
  registrationId: 7,
  from: 'Sam Lee',
  canDelete: true,
  ...over,
});
const mine = (files: SharedFile[] = []): MyFiles => ({
  files,
  registrations: [{ registrationId: 7, tournamentDate: '2026-11-28', competitorNames: ['Maya Lee'] }],
});

function signIn(role: string) {
  setSession({ token: 'tok', user: { personId: 3, roles: [role], userDisplayName: 'Sam Lee' } });
}

beforeEach(() => {
  invalidateQueries('');
  sent.length = 0;
  handler = () => undefined;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body });
    const answer = handler(method, url, init.body) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: answer.headers });
  });
});

function renderAt(path: string, routePath: string, element: ReactNode) {
  render(
    <PageAlertProvider>
      <MemoryRouter initialEntries={[path]}>
        <PageAlert />
        <Routes>
          <Route path={routePath} element={element} />
        </Routes>
      </MemoryRouter>
    </PageAlertProvider>,
  );
}

describe('/customer/file-sharing', () => {
  beforeEach(() => signIn('Customer'));

  it('sends the chosen file for the registration, then lists it', async () => {
    let files: SharedFile[] = [];
    handler = (method, url) => {
      if (method === 'GET' && url === '/api/files') return { status: 200, body: mine(files) };
      if (method === 'POST' && url === '/api/files') {
        files = [waiver()];
        return { status: 201, body: waiver() };
      }
      return undefined;
    };
    renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
    expect(await screen.findByText(/For Maya Lee/)).toBeInTheDocument();
    expect(screen.queryByText('Share a file with everyone')).not.toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('File for the staff'),
      new File(['%PDF-1.4'], 'Maya waiver.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send to staff' }));
    expect(await screen.findByText('Maya waiver.pdf was sent to the staff.')).toBeInTheDocument();
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(form.get('registrationId')).toBe('7');
    expect((form.get('file') as File).name).toBe('Maya waiver.pdf');
    const list = await screen.findByRole('list', { name: 'Files you sent' });
    expect(within(list).getByText('Maya waiver.pdf')).toBeInTheDocument();
  });

  it('asks before deleting a file: Keep it sends nothing, Delete deletes it and lists it no more', async () => {
    let files = [waiver()];
    handler = (method, url) => {
      if (method === 'GET' && url === '/api/files') return { status: 200, body: mine(files) };
      if (method === 'DELETE' && url.startsWith('/api/files/')) {
        files = [];
        return { status: 200, body: { fileId: 'AAAAAAAAAAAAAAAAAAAAAA' } };
      }
      return undefined;
    };
    renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Maya waiver.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Maya waiver.pdf?' });
    expect(dialog).toHaveTextContent('Tournament staff will no longer see it. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Maya waiver.pdf' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Maya waiver.pdf was deleted.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('You have not sent any files yet.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    handler = (method, url) =>
      method === 'GET' && url === '/api/files' ? { status: 200, body: mine() } : undefined;
    setCatalog('fr', fr);
    try {
      renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
      expect(await screen.findByRole('heading', { name: 'Partage de fichiers' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Envoyer au personnel' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });

  it('refuses a file over 10 MB or an empty one on the device, sending nothing', async () => {
    handler = (method, url) =>
      method === 'GET' && url === '/api/files' ? { status: 200, body: mine() } : undefined;
    renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
    const input = await screen.findByLabelText('File for the staff');
    await userEvent.upload(input, new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'video.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Send to staff' }));
    expect(await screen.findByText(tm(FILE_MESSAGES.tooLarge))).toBeInTheDocument();
    await userEvent.upload(input, new File([], 'empty.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Send to staff' }));
    expect(await screen.findByText(tm(FILE_MESSAGES.empty))).toBeInTheDocument();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of a disguised file", async () => {
    handler = (method, url) => {
      if (method === 'GET' && url === '/api/files') return { status: 200, body: mine() };
      if (method === 'POST') return { status: 400, body: { errors: { file: FILE_MESSAGES.wrongType } } };
      return undefined;
    };
    renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
    await userEvent.upload(
      await screen.findByLabelText('File for the staff'),
      new File(['<html>'], 'waiver.pdf'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send to staff' }));
    expect(await screen.findByText(tm(FILE_MESSAGES.wrongType))).toBeInTheDocument();
  });
});

describe('the server refusing an upload for its quotas (decision 033)', () => {
  beforeEach(() => signIn('Customer'));

  it.each([
    [422, FILE_MESSAGES.tooManyFiles(20), {}],
    [422, FILE_MESSAGES.registrationFull(100 * 1024 * 1024, 99 * 1024 * 1024), {}],
    [429, FILE_MESSAGES.tooManyUploads(420), { 'Retry-After': '420' }],
    [507, FILE_MESSAGES.diskFull, {}],
  ])(
    'a %i shows its message in the page alert, and the file stays chosen to send again',
    async (status, message, headers) => {
      handler = (method, url) => {
        if (method === 'GET' && url === '/api/files') return { status: 200, body: mine() };
        if (method === 'POST') return { status, body: { message }, headers };
        return undefined;
      };
      renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
      const input = await screen.findByLabelText('File for the staff');
      await userEvent.upload(input, new File(['%PDF-1.4'], 'Maya waiver.pdf', { type: 'application/pdf' }));
      await userEvent.click(screen.getByRole('button', { name: 'Send to staff' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(tm(message));
      expect((input as HTMLInputElement).files?.[0]?.name).toBe('Maya waiver.pdf');
      expect(screen.queryByText('Maya waiver.pdf was sent to the staff.')).not.toBeInTheDocument();
    },
  );
});

describe("a registration's files on its desk page", () => {
  const renderPanel = () =>
    renderAt('/admin/registration/7', '/admin/registration/:registrationId', <RegistrationFilesPanel />);
  const files = (method: string, url: string): Answer =>
    method === 'GET' && url === '/api/admin/registrations/7/files'
      ? { status: 200, body: [waiver({ canDelete: false })] }
      : undefined;

  it('a CheckInAdmin sees and may download them, but not share', async () => {
    signIn('CheckInAdmin');
    handler = files;
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Download Maya waiver.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('File to share with this registration')).not.toBeInTheDocument();
  });

  it('a director may share a file with the registration', async () => {
    signIn('TournamentDirector');
    handler = files;
    renderPanel();
    expect(await screen.findByLabelText('File to share with this registration')).toBeInTheDocument();
  });

  it('is hidden while viewing as the customer (the staff call would refuse the UserContext)', () => {
    signIn('TournamentDirector');
    setImpersonatedUserId(3);
    handler = files;
    renderPanel();
    expect(screen.queryByText('Files')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('/admin/file-sharing: files for every family', () => {
  const schedule = waiver({
    fileId: 'BBBBBBBBBBBBBBBBBBBBBB',
    name: 'Schedule.pdf',
    kind: 'share',
    registrationId: null,
    from: 'Tournament staff',
  });

  it('a director shares a file with every family, then sees it listed, and only the shares with everyone', async () => {
    signIn('TournamentDirector');
    let files: SharedFile[] = [
      waiver({ canDelete: false }),
      waiver({ fileId: 'C'.repeat(22), name: 'Only Maya.pdf', kind: 'share' }),
    ];
    handler = (method, url) => {
      if (method === 'GET' && url === '/api/files') return { status: 200, body: mine(files) };
      if (method === 'POST' && url === '/api/admin/files') {
        files = [...files, schedule];
        return { status: 201, body: schedule };
      }
      return undefined;
    };
    renderAt('/admin/file-sharing', '/admin/file-sharing', <FamilyFilesPage />);
    expect(await screen.findByText('Nothing is shared with every family yet.')).toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('File to share with everyone'),
      new File(['%PDF-1.4'], 'Schedule.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share with everyone' }));
    expect(await screen.findByText('Schedule.pdf is shared with everyone.')).toBeInTheDocument();
    const post = sent.find((s) => s.method === 'POST');
    expect((post?.body as FormData).get('registrationId')).toBeNull();
    const list = await screen.findByRole('list', { name: 'Shared with every family' });
    expect(within(list).getByText('Schedule.pdf')).toBeInTheDocument();
    // A family's upload and a share with one registration are not files for every family.
    expect(within(list).queryByText('Maya waiver.pdf')).not.toBeInTheDocument();
    expect(within(list).queryByText('Only Maya.pdf')).not.toBeInTheDocument();
  });

  it('the customer page sends a director to it instead of sharing from the family side', async () => {
    signIn('TournamentDirector');
    handler = (method, url) =>
      method === 'GET' && url === '/api/files' ? { status: 200, body: mine() } : undefined;
    renderAt('/customer/file-sharing', '/customer/file-sharing', <FileSharingPage />);
    const link = await screen.findByRole('link', { name: 'Files for Families' });
    expect(link).toHaveAttribute('href', '/admin/file-sharing');
    expect(screen.queryByLabelText('File to share with everyone')).not.toBeInTheDocument();
  });

  it('speaks French', async () => {
    signIn('TournamentDirector');
    handler = (method, url) =>
      method === 'GET' && url === '/api/files' ? { status: 200, body: mine([schedule]) } : undefined;
    setCatalog('fr', fr);
    try {
      renderAt('/admin/file-sharing', '/admin/file-sharing', <FamilyFilesPage />);
      expect(await screen.findByRole('heading', { name: 'Fichiers pour les familles' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Partagés avec toutes les familles' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
