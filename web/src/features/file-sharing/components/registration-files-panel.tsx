import { DIRECTOR_ROLES, hasAnyRole } from '@shared/domain/roles.ts';
import { useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { getImpersonatedUserId, subscribeImpersonation } from '@web/lib/impersonation.ts';
import { useSession } from '@web/lib/session.ts';
import { invalidateFiles, shareFile, useRegistrationFiles } from '../api/files.ts';
import { FileList } from './file-list.tsx';
import { UploadForm } from './upload-form.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { t } from '@web/lib/i18n.tsx';

// On `/admin/registration/{id}` (decision 025): the family's uploads and what staff shared with
// it. Every staff role reads them (a CheckInAdmin within reach, decision 018); directors
// share a file with this registration. Hidden while viewing as the customer, like the staff
// panel: the staff-only call would refuse the customer's UserContext.

export function RegistrationFilesPanel() {
  const viewingAs = useSyncExternalStore(subscribeImpersonation, getImpersonatedUserId, () => null);
  if (viewingAs !== null) return null;
  return <Panel />;
}

function Panel() {
  const registrationId = Number(useParams().registrationId);
  const { data, isLoading } = useRegistrationFiles(registrationId);
  const session = useSession();
  const director = hasAnyRole(session?.user.roles ?? [], DIRECTOR_ROLES);
  // The registration page below reports a missing registration; nothing to add here.
  return (
    <QueryView query={{ data, isLoading }} errors="none">
      {(data) => (
        <section aria-label={t('files.panel.title')} className="mx-auto grid w-full max-w-3xl">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t('files.panel.title')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FileList label={t('files.panel.list')} files={data} empty={t('files.panel.empty')} />
              {director && (
                <UploadForm
                  label={t('files.panel.shareLabel')}
                  submit={t('files.panel.shareSubmit')}
                  success={(name) => t('files.panel.shareSuccess', { name })}
                  onUpload={async (file) => {
                    await shareFile(file, registrationId);
                    invalidateFiles();
                  }}
                />
              )}
            </CardContent>
          </Card>
        </section>
      )}
    </QueryView>
  );
}
