import type { FileRegistration } from '@shared/contract/files.ts';
import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Select } from '@web/components/ui/select.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import type { Formatters } from '@shared/i18n/format.ts';
import { t, tx, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSession } from '@web/lib/session.ts';
import { invalidateFiles, uploadForStaff, useMyFiles } from '../api/files.ts';
import { FileList } from './file-list.tsx';
import { UploadForm } from './upload-form.tsx';
import { href, PAGES } from '@web/app/pages.ts';

// `/customer/file-sharing` (docs/product.md §1 and §2: customers "share files"; `/share`
// redirects here; decision 025). A family sends staff its waivers and medical forms and gets what
// the tournament shares. Directors share with every family from `/admin/file-sharing`, linked here.

/** "Maya Lee and Obi Lee, Saturday, November 28, 2026" */
function registrationLabel(r: FileRegistration, format: Formatters): string {
  const who = r.competitorNames.length
    ? r.competitorNames.join(', ')
    : t('files.registration', { id: r.registrationId });
  return `${who} (${format.date(r.tournamentDate)})`;
}

export function FileSharingPage() {
  usePageMeta(PAGES.fileSharing.title, t('files.description'));
  const { data, isLoading } = useMyFiles();
  const session = useSession();
  const director = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  if (isLoading && !data) return <Spinner />;
  const files = data?.files ?? [];
  const registrations = data?.registrations ?? [];
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <h1 className="text-2xl font-bold">{t('files.title')}</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('files.send.title')}</CardTitle>
          <CardDescription>{t('files.send.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          {registrations.length === 0 ? (
            <p>
              {tx('files.send.registerFirst', {
                link: (inner) => <Link to={href('registrationStart')}>{inner}</Link>,
              })}
            </p>
          ) : (
            <SendToStaff registrations={registrations} />
          )}
        </CardContent>
      </Card>
      {director && (
        <p className="text-sm">
          {tx('files.share.elsewhere', { link: (inner) => <Link to={href('familyFiles')}>{inner}</Link> })}
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('files.fromTournament')}</CardTitle>
        </CardHeader>
        <CardContent>
          <FileList
            label={t('files.fromTournament')}
            files={files.filter((f) => f.kind === 'share')}
            empty={t('files.fromTournament.empty')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('files.sent')}</CardTitle>
        </CardHeader>
        <CardContent>
          <FileList
            label={t('files.sent')}
            files={files.filter((f) => f.kind === 'upload')}
            empty={t('files.sent.empty')}
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
  const format = useFormat();
  return (
    <UploadForm
      label={t('files.send.label')}
      submit={t('files.send.submit')}
      success={(name) => t('files.send.success', { name })}
      onUpload={async (file) => {
        await uploadForStaff(file, registrationId);
        invalidateFiles();
      }}
    >
      {only ? (
        <p className="text-sm">{t('files.send.for', { registration: registrationLabel(only, format) })}</p>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor={id}>{t('files.send.registration')}</Label>
          <Select id={id} value={registrationId} onChange={(e) => setRegistrationId(Number(e.target.value))}>
            {registrations.map((r) => (
              <option key={r.registrationId} value={r.registrationId}>
                {registrationLabel(r, format)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </UploadForm>
  );
}
