import type { FileRegistration } from '@shared/contract/files.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { formatDate } from '@web/lib/format.ts';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSession } from '@web/lib/session.ts';
import { invalidateFiles, shareFile, uploadForStaff, useMyFiles } from '../api/files.ts';
import { FileList } from './file-list.tsx';
import { UploadForm } from './upload-form.tsx';
import { href, PAGES } from '@web/app/pages.ts';

// `/customer/file-sharing` (docs/product.md §1 and §2: customers "share files"; `/share`
// redirects here; decision 025). A family sends staff its waivers and medical forms and gets what
// the tournament shares; a director also shares files with everyone from here.

/** "Maya Lee and Obi Lee, Saturday, November 28, 2026" */
function registrationLabel(r: FileRegistration): string {
  const who = r.competitorNames.length ? r.competitorNames.join(', ') : `Registration ${r.registrationId}`;
  return `${who} (${formatDate(r.tournamentDate)})`;
}

export function FileSharingPage() {
  usePageMeta(
    PAGES.fileSharing.title,
    'Send the tournament staff your waivers and medical forms, and get the files they share.',
  );
  const { data, isLoading } = useMyFiles();
  const session = useSession();
  const director = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  if (isLoading && !data) return <Spinner />;
  const files = data?.files ?? [];
  const registrations = data?.registrations ?? [];
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <h1 className="text-2xl font-bold">File sharing</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Send a file to the staff</CardTitle>
          <CardDescription>
            A signed waiver, a medical form: only you and the tournament staff see it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {registrations.length === 0 ? (
            <p>
              Files are sent for a registration. <Link to={href('registrationStart')}>Register first</Link>.
            </p>
          ) : (
            <SendToStaff registrations={registrations} />
          )}
        </CardContent>
      </Card>
      {director && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Share a file with everyone</CardTitle>
            <CardDescription>The schedule, the rules: every signed-in family sees it here.</CardDescription>
          </CardHeader>
          <CardContent>
            <UploadForm
              label="File to share with everyone"
              submit="Share with everyone"
              success={(name) => `${name} is shared with everyone.`}
              onUpload={async (file) => {
                await shareFile(file);
                invalidateFiles();
              }}
            />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Files from the tournament</CardTitle>
        </CardHeader>
        <CardContent>
          <FileList
            label="Files from the tournament"
            files={files.filter((f) => f.kind === 'share')}
            empty="The tournament has not shared any files yet."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Files you sent</CardTitle>
        </CardHeader>
        <CardContent>
          <FileList
            label="Files you sent"
            files={files.filter((f) => f.kind === 'upload')}
            empty="You have not sent any files yet."
          />
        </CardContent>
      </Card>
    </div>
  );
}

function SendToStaff({ registrations }: { registrations: FileRegistration[] }) {
  const id = useId();
  const [registrationId, setRegistrationId] = useState(registrations[0]?.registrationId ?? 0);
  const only = registrations.length === 1 ? registrations[0] : undefined;
  return (
    <UploadForm
      label="File for the staff"
      submit="Send to staff"
      success={(name) => `${name} was sent to the staff.`}
      onUpload={async (file) => {
        await uploadForStaff(file, registrationId);
        invalidateFiles();
      }}
    >
      {only ? (
        <p className="text-sm">For {registrationLabel(only)}</p>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor={id}>Registration</Label>
          <Select id={id} value={registrationId} onChange={(e) => setRegistrationId(Number(e.target.value))}>
            {registrations.map((r) => (
              <option key={r.registrationId} value={r.registrationId}>
                {registrationLabel(r)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </UploadForm>
  );
}
