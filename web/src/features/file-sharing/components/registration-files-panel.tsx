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
        <section aria-label="Files" className="mx-auto grid w-full max-w-3xl">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Files</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <FileList
                label="Files of this registration"
                files={data}
                empty="No files: the family has sent none, and none were shared with it."
              />
              {director && (
                <UploadForm
                  label="File to share with this registration"
                  submit="Share with this registration"
                  success={(name) => `${name} is shared with this registration.`}
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
