import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { t, tm } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { PAGES } from '@web/app/pages.ts';
import { invalidateFiles, shareFile, useMyFiles } from '../api/files.ts';
import { FileList } from './file-list.tsx';
import { UploadForm } from './upload-form.tsx';

// `/admin/file-sharing` (decision 025): what the staff share with every family, on the staff side
// beside Communications. A share with one registration stays on that registration's desk page.

export function FamilyFilesPage() {
  usePageMeta(PAGES.familyFiles.title, t('files.familyFiles.description'));
  const { data, isLoading } = useMyFiles();
  if (isLoading && !data) return <Spinner />;
  const shared = (data?.files ?? []).filter((f) => f.kind === 'share' && f.registrationId === null);
  return (
    <div className="grid w-full max-w-3xl gap-4">
      <h1 className="text-2xl font-bold">{tm(PAGES.familyFiles.title)}</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('files.share.title')}</CardTitle>
          <CardDescription>{t('files.share.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          <UploadForm
            label={t('files.share.label')}
            submit={t('files.share.submit')}
            success={(name) => t('files.share.success', { name })}
            onUpload={async (file) => {
              await shareFile(file);
              invalidateFiles();
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('files.shared.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <FileList label={t('files.shared.title')} files={shared} empty={t('files.shared.empty')} />
        </CardContent>
      </Card>
    </div>
  );
}
